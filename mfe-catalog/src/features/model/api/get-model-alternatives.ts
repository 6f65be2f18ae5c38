import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ModelAlternativesResponse } from 'contracts';
import { api } from 'platform';

export const getModelAlternatives = (id: number, signal?: AbortSignal) =>
  api.get<ModelAlternativesResponse>(`/model/${id}/alternatives`, undefined, signal);

/** What the page of a profile that is not shown offers instead (where it was, and profiles from there). */
export const modelAlternativesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['models', 'alternatives', id],
    queryFn: ({ signal }) => getModelAlternatives(id, signal),
  });

export const useModelAlternatives = (id: number) => useQuery(modelAlternativesQueryOptions(id));

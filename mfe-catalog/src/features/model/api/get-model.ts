import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ModelDetails } from 'contracts';
import { api } from 'platform';

export const getModel = (id: number, signal?: AbortSignal) =>
  api.get<ModelDetails>(`/model/${id}`, undefined, signal);

export const modelQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ['models', 'detail', id],
    queryFn: ({ signal }) => getModel(id, signal),
  });

export const useModel = (id: number) => useQuery(modelQueryOptions(id));

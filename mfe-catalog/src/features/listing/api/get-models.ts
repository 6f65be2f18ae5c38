import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ModelListQueryInput, ModelListResponse } from 'contracts';
import { api } from 'platform';

export const getModels = (query: ModelListQueryInput, signal?: AbortSignal) =>
  api.get<ModelListResponse>('/model', { ...query }, signal);

export const modelsQueryOptions = (query: ModelListQueryInput) =>
  queryOptions({
    queryKey: ['models', 'list', query],
    queryFn: ({ signal }) => getModels(query, signal),
    placeholderData: keepPreviousData,
  });

export const useModels = (query: ModelListQueryInput) => useQuery(modelsQueryOptions(query));

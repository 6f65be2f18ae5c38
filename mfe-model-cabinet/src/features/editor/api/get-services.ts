import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ServiceListResponse } from 'contracts';
import { api } from 'platform';

export const getServices = (signal?: AbortSignal) =>
  api.get<ServiceListResponse>('/services', undefined, signal);

export const editorServicesQueryOptions = () =>
  queryOptions({
    queryKey: ['services', 'list'],
    queryFn: ({ signal }) => getServices(signal),
    staleTime: 10 * 60_000,
  });

export const useServices = () => useQuery(editorServicesQueryOptions());

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteConstants } from 'contracts';
import { api } from 'platform';

export const getConstants = (signal?: AbortSignal) => api.get<SiteConstants>('/constants', undefined, signal);

export const constantsQueryOptions = () =>
  queryOptions({
    queryKey: ['site', 'constants'],
    queryFn: ({ signal }) => getConstants(signal),
    staleTime: 10 * 60_000,
  });

export const useConstants = () => useQuery(constantsQueryOptions());

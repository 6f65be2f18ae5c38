import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CityListResponse } from 'contracts';
import { api } from 'platform';

/** GET /cities: the cities a campaign can be pinned to. */
export const getCities = (signal?: AbortSignal) => api.get<CityListResponse>('/cities', undefined, signal);

export const citiesQueryOptions = () =>
  queryOptions({
    queryKey: ['cities', 'list'] as const,
    queryFn: ({ signal }) => getCities(signal),
    // Reference data: it changes with a deploy, not while the office is open.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useCities = () => useQuery(citiesQueryOptions());

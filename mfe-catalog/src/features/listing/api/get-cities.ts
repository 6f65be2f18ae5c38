import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CityListResponse } from 'contracts';
import { api } from 'platform';

export const getCities = (signal?: AbortSignal) => api.get<CityListResponse>('/cities', undefined, signal);

export const citiesQueryOptions = () =>
  queryOptions({
    queryKey: ['cities', 'list'],
    queryFn: ({ signal }) => getCities(signal),
    // The catalogue changes with releases, not while a visitor browses.
    staleTime: 10 * 60_000,
  });

export const useCities = (enabled = true) => useQuery({ ...citiesQueryOptions(), enabled });

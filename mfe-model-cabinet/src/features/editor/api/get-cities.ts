import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CityListResponse } from 'contracts';
import { api } from 'platform';

export const getCities = (signal?: AbortSignal) => api.get<CityListResponse>('/cities', undefined, signal);

export const editorCitiesQueryOptions = () =>
  queryOptions({
    queryKey: ['cities', 'list'],
    queryFn: ({ signal }) => getCities(signal),
    // The catalogue changes with releases, not while a model fills in her profile.
    staleTime: 10 * 60_000,
  });

export const useCities = () => useQuery(editorCitiesQueryOptions());

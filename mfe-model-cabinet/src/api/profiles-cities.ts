import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CityListResponse } from 'contracts';
import { api, useLocalized } from 'platform';

/** The cities (GET /api/cities): a profile keeps its city's slug, its cards show the name. */
export const profilesCityKeys = { list: () => ['cities', 'list'] as const };

export const getCities = (signal?: AbortSignal) => api.get<CityListResponse>('/cities', undefined, signal);

export const citiesQueryOptions = () =>
  queryOptions({
    queryKey: profilesCityKeys.list(),
    queryFn: ({ signal }) => getCities(signal),
    // Reference data: it changes with a deploy, not while the cabinet is open.
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The name of a city by its slug in the current language (the slug until the list has loaded). */
export function useCityName(): (slug: unknown) => string | null {
  const { data } = useQuery(citiesQueryOptions());
  const localized = useLocalized();
  return (slug) => {
    if (typeof slug !== 'string' || slug === '') return null;
    const city = data?.items.find((item) => item.slug === slug);
    return city ? localized(city.name) : slug;
  };
}

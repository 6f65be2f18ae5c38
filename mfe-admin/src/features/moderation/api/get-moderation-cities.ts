import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CityListResponse } from 'contracts';
import { api } from 'platform';
import { reviewKeys } from '../../../api/review-keys';

/** GET /cities: a submitted profile names its city by slug and its metro by id; the review shows names. */
export const getModerationCities = (signal?: AbortSignal) =>
  api.get<CityListResponse>('/cities', undefined, signal);

export const moderationCitiesQueryOptions = () =>
  queryOptions({
    queryKey: reviewKeys.cities(),
    queryFn: ({ signal }) => getModerationCities(signal),
    // Reference data: it changes with a deploy, not while a moderator works.
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useModerationCities = () => useQuery(moderationCitiesQueryOptions());

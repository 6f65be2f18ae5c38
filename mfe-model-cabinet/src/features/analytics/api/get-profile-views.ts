import { queryOptions, useQueries } from '@tanstack/react-query';
import type { ProfileViewsResponse } from 'contracts';
import { api } from 'platform';
import { ownProfileKeys } from '../../../api/own-profiles';

/** GET /api/profiles/{id}/views?days=N: distinct visitors per day, oldest first. */
export const profileViewsKeys = {
  detail: (id: number, days: number) => [...ownProfileKeys.detail(id), 'views', days] as const,
};

export const getProfileViews = (id: number, days: number, signal?: AbortSignal) =>
  api.get<ProfileViewsResponse>(`/profiles/${id}/views`, { days }, signal);

export const profileViewsQueryOptions = (id: number, days: number) =>
  queryOptions({
    queryKey: profileViewsKeys.detail(id, days),
    queryFn: ({ signal }) => getProfileViews(id, days, signal),
  });

/** The views of several profiles at once (the totals need all of them, the chart one). */
export const useProfilesViews = (ids: readonly number[], days: number) =>
  useQueries({ queries: ids.map((id) => profileViewsQueryOptions(id, days)) });

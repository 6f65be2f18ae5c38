import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnProfile, OwnProfileList } from 'contracts';
import { api } from 'platform';

/**
 * The signed-in model's own profiles: the list several screens read (my profiles, analytics,
 * promotion) and one profile (the editor). Mutations invalidate through these keys.
 */
export const ownProfileKeys = {
  all: ['own-profiles'] as const,
  list: () => [...ownProfileKeys.all, 'list'] as const,
  detail: (id: number) => [...ownProfileKeys.all, 'detail', id] as const,
};

export const getOwnProfiles = (signal?: AbortSignal) =>
  api.get<OwnProfileList>('/profiles', undefined, signal);

export const ownProfilesQueryOptions = () =>
  queryOptions({
    queryKey: ownProfileKeys.list(),
    queryFn: ({ signal }) => getOwnProfiles(signal),
  });

export const useOwnProfiles = () => useQuery(ownProfilesQueryOptions());

export const getOwnProfile = (id: number, signal?: AbortSignal) =>
  api.get<OwnProfile>(`/profiles/${id}`, undefined, signal);

export const ownProfileQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ownProfileKeys.detail(id),
    queryFn: ({ signal }) => getOwnProfile(id, signal),
  });

export const useOwnProfile = (id: number) => useQuery(ownProfileQueryOptions(id));

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE, type ModerationQueue } from 'contracts';
import { api } from 'platform';
import { reviewKeys } from '../../../api/review-keys';

/** GET /admin-panel/moderation/profiles: profiles waiting for moderation, oldest submission first. */
export const getModerationProfiles = (page: number, perPage: number, signal?: AbortSignal) =>
  api.get<ModerationQueue>('/admin-panel/moderation/profiles', { page, perPage }, signal);

export const moderationProfilesQueryOptions = (page = 1, perPage = ADMIN_PAGE_SIZE) =>
  queryOptions({
    queryKey: reviewKeys.queue('profiles', page, perPage),
    queryFn: ({ signal }) => getModerationProfiles(page, perPage, signal),
    // Another moderator's claims and decisions change it: read it again when it is shown again.
    staleTime: 0,
    refetchInterval: 30_000,
  });

export const useModerationProfiles = (page: number) =>
  useQuery({ ...moderationProfilesQueryOptions(page), placeholderData: keepPreviousData });

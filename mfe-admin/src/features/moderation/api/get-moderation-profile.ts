import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ModerationDetails } from 'contracts';
import { api } from 'platform';
import { reviewKeys } from '../../../api/review-keys';

/** GET /admin-panel/moderation/profiles/:id: the submitted version beside the approved one. */
export const getModerationProfile = (id: number, signal?: AbortSignal) =>
  api.get<ModerationDetails>(`/admin-panel/moderation/profiles/${encodeURIComponent(id)}`, undefined, signal);

export const moderationProfileQueryOptions = (id: number) =>
  queryOptions({
    queryKey: reviewKeys.detail('profiles', id),
    queryFn: ({ signal }) => getModerationProfile(id, signal),
  });

export const useModerationProfile = (id: number) => useQuery(moderationProfileQueryOptions(id));

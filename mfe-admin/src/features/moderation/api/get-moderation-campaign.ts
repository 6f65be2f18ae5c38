import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminCampaign } from 'contracts/campaigns';
import { api } from 'platform';
import { reviewKeys } from '../../../api/review-keys';

/** GET /admin-panel/moderation/campaigns/:id: one campaign with its advertiser and its claim. */
export const getModerationCampaign = (id: number, signal?: AbortSignal) =>
  api.get<AdminCampaign>(`/admin-panel/moderation/campaigns/${encodeURIComponent(id)}`, undefined, signal);

export const moderationCampaignQueryOptions = (id: number) =>
  queryOptions({
    queryKey: reviewKeys.detail('campaigns', id),
    queryFn: ({ signal }) => getModerationCampaign(id, signal),
  });

export const useModerationCampaign = (id: number) => useQuery(moderationCampaignQueryOptions(id));

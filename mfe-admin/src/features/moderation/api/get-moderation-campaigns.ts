import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE } from 'contracts';
import type { AdminCampaignQueue } from 'contracts/campaigns';
import { api } from 'platform';
import { reviewKeys } from '../../../api/review-keys';

/** GET /admin-panel/moderation/campaigns: campaigns waiting for moderation, oldest sent first. */
export const getModerationCampaigns = (page: number, perPage: number, signal?: AbortSignal) =>
  api.get<AdminCampaignQueue>('/admin-panel/moderation/campaigns', { page, perPage }, signal);

export const moderationCampaignsQueryOptions = (page = 1, perPage = ADMIN_PAGE_SIZE) =>
  queryOptions({
    queryKey: reviewKeys.queue('campaigns', page, perPage),
    queryFn: ({ signal }) => getModerationCampaigns(page, perPage, signal),
    staleTime: 0,
    refetchInterval: 30_000,
  });

export const useModerationCampaigns = (page: number) =>
  useQuery({ ...moderationCampaignsQueryOptions(page), placeholderData: keepPreviousData });

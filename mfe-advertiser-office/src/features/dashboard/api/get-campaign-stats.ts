import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from 'platform';
import type { CampaignStats } from '../../../lib/campaign';
import { campaignKeys } from '../../../api/campaign-keys';

export const STATS_DAYS = 30;

/** GET /campaigns/stats (all of the advertiser's campaigns) or /campaigns/:id/stats: per day and totals. */
export const getCampaignStats = (id: number | 'all', days: number, signal?: AbortSignal) =>
  api.get<CampaignStats>(
    id === 'all' ? '/campaigns/stats' : `/campaigns/${encodeURIComponent(id)}/stats`,
    { days },
    signal,
  );

export const campaignStatsQueryOptions = (id: number | 'all', days = STATS_DAYS) =>
  queryOptions({
    queryKey: campaignKeys.stats(id, days),
    queryFn: ({ signal }) => getCampaignStats(id, days, signal),
  });

export const useCampaignStats = (id: number | 'all', days = STATS_DAYS) =>
  useQuery(campaignStatsQueryOptions(id, days));

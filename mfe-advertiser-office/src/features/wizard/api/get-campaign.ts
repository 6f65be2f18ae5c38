import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from 'platform';
import type { Campaign } from '../../../lib/campaign';
import { campaignKeys } from '../../../api/campaign-keys';

/** GET /campaigns/:id: one of the advertiser's campaigns (404 for anyone else's). */
export const getCampaign = (id: number, signal?: AbortSignal) =>
  api.get<Campaign>(`/campaigns/${encodeURIComponent(id)}`, undefined, signal);

export const campaignQueryOptions = (id: number) =>
  queryOptions({ queryKey: campaignKeys.detail(id), queryFn: ({ signal }) => getCampaign(id, signal) });

export const useCampaign = (id: number | undefined) =>
  useQuery({ ...campaignQueryOptions(id ?? 0), enabled: id !== undefined });

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from 'platform';
import type { Campaign } from '../lib/campaign';
import { campaignKeys } from './campaign-keys';

/** GET /campaigns/:id: one of the advertiser's campaigns (404 for anyone else's). */
export const getCampaign = (id: string, signal?: AbortSignal) =>
  api.get<Campaign>(`/campaigns/${encodeURIComponent(id)}`, undefined, signal);

export const campaignQueryOptions = (id: string) =>
  queryOptions({ queryKey: campaignKeys.detail(id), queryFn: ({ signal }) => getCampaign(id, signal) });

export const useCampaign = (id: string | undefined) =>
  useQuery({ ...campaignQueryOptions(id ?? ''), enabled: Boolean(id) });

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from 'platform';
import type { CampaignList, CampaignTab } from '../lib/campaign';
import { campaignKeys } from './campaign-keys';

/** GET /campaigns?tab=&page=: one tab of the advertiser's campaigns, newest first. */
export const getCampaigns = (tab: CampaignTab, page: number, signal?: AbortSignal) =>
  api.get<CampaignList>('/campaigns', { tab, page }, signal);

export const campaignsQueryOptions = (tab: CampaignTab, page: number) =>
  queryOptions({
    queryKey: campaignKeys.list(tab, page),
    queryFn: ({ signal }) => getCampaigns(tab, page, signal),
    placeholderData: keepPreviousData,
  });

export const useCampaigns = (tab: CampaignTab, page: number) => useQuery(campaignsQueryOptions(tab, page));

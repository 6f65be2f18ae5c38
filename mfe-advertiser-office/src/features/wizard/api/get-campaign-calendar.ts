import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from 'platform';
import type { CampaignCalendar, CampaignPlacement } from '../../../lib/campaign';
import { campaignKeys } from '../../../api/campaign-keys';

/** GET /campaigns/calendar: each day's free slots of a placement in a month, and the nearest free date. */
export const getCampaignCalendar = (
  placement: CampaignPlacement,
  cities: string[],
  month: string,
  signal?: AbortSignal,
) =>
  api.get<CampaignCalendar>(
    '/campaigns/calendar',
    { placement, month, ...(cities.length ? { cities: cities.join(',') } : {}) },
    signal,
  );

export const campaignCalendarQueryOptions = (placement: CampaignPlacement, cities: string[], month: string) =>
  queryOptions({
    queryKey: campaignKeys.calendar(placement, cities.join(','), month),
    queryFn: ({ signal }) => getCampaignCalendar(placement, cities, month, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

export const useCampaignCalendar = (placement: CampaignPlacement, cities: string[], month: string) =>
  useQuery(campaignCalendarQueryOptions(placement, cities, month));

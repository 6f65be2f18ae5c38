import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from 'platform';
import type { CampaignDraft, CampaignQuote } from '../../../lib/campaign';
import { campaignKeys } from '../../../api/campaign-keys';

/** The quote's query from a draft: only what is filled in. */
export function quoteParams(draft: CampaignDraft): Record<string, string> {
  const params: Record<string, string> = {};
  if (draft.placement) params.placement = draft.placement;
  if (draft.cities?.length) params.cities = draft.cities.join(',');
  if (draft.pricing) params.pricing = draft.pricing;
  if (draft.startsOn) params.startsOn = draft.startsOn;
  if (draft.endsOn) params.endsOn = draft.endsOn;
  if (draft.impressions) params.impressions = String(draft.impressions);
  return params;
}

/** GET /campaigns/quote: cost per day, days, the minimum days and the total, in whole rubles. */
export const getCampaignQuote = (params: Record<string, string>, signal?: AbortSignal) =>
  api.get<CampaignQuote>('/campaigns/quote', params, signal);

export const campaignQuoteQueryOptions = (draft: CampaignDraft) => {
  const params = quoteParams(draft);
  return queryOptions({
    queryKey: campaignKeys.quote(params),
    queryFn: ({ signal }) => getCampaignQuote(params, signal),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
};

/** Whether the draft holds what a quote needs: where, how paid, the dates (and cities, impressions). */
export const canQuote = (draft: CampaignDraft) =>
  Boolean(
    draft.placement &&
      draft.pricing &&
      draft.startsOn &&
      draft.endsOn &&
      (draft.placement !== 'cities' || draft.cities?.length) &&
      (draft.pricing !== 'impressions' || draft.impressions),
  );

export const useCampaignQuote = (draft: CampaignDraft) =>
  useQuery({ ...campaignQuoteQueryOptions(draft), enabled: canQuote(draft) });

import type { CampaignTab } from '../lib/campaign';

/** Every campaign query's key, so a mutation invalidates through the query's own key. */
export const campaignKeys = {
  all: () => ['campaigns'] as const,
  lists: () => ['campaigns', 'list'] as const,
  list: (tab: CampaignTab, page: number) => ['campaigns', 'list', tab, page] as const,
  detail: (id: string) => ['campaigns', 'detail', id] as const,
  calendar: (placement: string, cities: string, month: string) =>
    ['campaigns', 'calendar', placement, cities, month] as const,
  quote: (params: Record<string, string>) => ['campaigns', 'quote', params] as const,
  stats: (id: string | 'all', days: number) => ['campaigns', 'stats', id, days] as const,
};

import type { Campaign, CampaignList } from 'contracts/campaigns';

/** A campaign as the API answers it; a saved draft unless told otherwise. */
export function createCampaign(overrides: Partial<Campaign> = {}): Campaign {
  return {
    id: 7,
    status: 'draft',
    format: 'Скидка',
    heading: 'Вечер в спа',
    description: 'Два часа тишины у реки.',
    link: 'https://example.com/spa',
    buttonText: 'Записаться',
    image: null,
    placement: 'cities',
    cities: [{ slug: 'moscow', name: { ru: 'Москва', en: 'Moscow' } }],
    pricing: 'days',
    impressions: null,
    impressionsServed: 0,
    clicks: 0,
    refusedImpressions: 0,
    refusedClicks: 0,
    startsOn: null,
    endsOn: null,
    costPerDay: null,
    total: null,
    paid: 0,
    rejectReason: null,
    problems: {},
    changed: false,
    actions: ['edit', 'submit', 'repeat', 'delete'],
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    submittedAt: null,
    publishedAt: null,
    ...overrides,
  };
}

export const listOf = (items: Campaign[], overrides: Partial<CampaignList> = {}): CampaignList => ({
  items,
  total: items.length,
  page: 1,
  pageSize: 10,
  ...overrides,
});

export const CITIES = {
  items: [
    { slug: 'moscow', name: { ru: 'Москва', en: 'Moscow' }, metro: [] },
    { slug: 'spb', name: { ru: 'Санкт-Петербург', en: 'Saint Petersburg' }, metro: [] },
  ],
};

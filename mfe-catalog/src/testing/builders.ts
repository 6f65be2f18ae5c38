import type { ModelCard, ModelListResponse } from 'contracts';
import { LISTING_PAGE_SIZE } from 'contracts';

export function createModelCard(overrides: Partial<ModelCard> = {}): ModelCard {
  const id = overrides.id ?? 1;
  return {
    id,
    name: `Анна ${id}`,
    age: 25,
    category: 'individual',
    city: { slug: 'moscow', name: { ru: 'Москва', en: 'Moscow' } },
    metro: null,
    priceHour: 5000,
    photo: { url: `/media/placeholder/${id}.svg`, width: 600, height: 800, alt: '' },
    hasVideo: false,
    isOnline: false,
    isTop: false,
    ...overrides,
  };
}

export function createModelList(
  items: ModelCard[],
  overrides: Partial<ModelListResponse> = {},
): ModelListResponse {
  return { items, total: items.length, page: 1, perPage: LISTING_PAGE_SIZE, pageCount: 1, ...overrides };
}

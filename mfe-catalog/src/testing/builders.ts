import type { ModelCard, ModelDetails, ModelListResponse } from 'contracts';
import type { ServedAd } from 'contracts/campaigns';
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
    liveStream: null,
    ...overrides,
  };
}

export function createModelList(
  items: ModelCard[],
  overrides: Partial<ModelListResponse> = {},
): ModelListResponse {
  return { items, total: items.length, page: 1, perPage: LISTING_PAGE_SIZE, pageCount: 1, ...overrides };
}

export function createModelDetails(overrides: Partial<ModelDetails> = {}): ModelDetails {
  const card = createModelCard(overrides);
  return {
    ...card,
    height: 168,
    weight: 55,
    boobs: 2,
    appearance: 'SLAVIC',
    prices: { hour: card.priceHour, twoHours: 9000, night: null },
    places: ['apartment', 'visit'],
    contacts: { phone: '+79990001122', telegram: 'anna_test', whatsapp: null, viber: null },
    description: 'Пунктуальна, люблю хорошую музыку.',
    services: [
      {
        category: 'massage',
        code: 'classic',
        name: { ru: 'Классический массаж', en: 'Classic massage' },
        description: null,
      },
    ],
    photos: card.photo ? [card.photo] : [],
    video: null,
    publishedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** An ad as `GET /api/ads` serves it (the token names the slot; the click goes through us). */
export function createServedAd(overrides: Partial<ServedAd> = {}): ServedAd {
  const token = overrides.token ?? 'token-1';
  return {
    token,
    format: 'banner',
    heading: 'Цветочная мастерская',
    description: 'Свежие букеты с доставкой за час.',
    buttonText: 'Узнать цены',
    image: { url: '/media/placeholder/ad.svg', width: 320, height: 240 },
    clickUrl: `/api/ads/click/${token}`,
    ...overrides,
  };
}

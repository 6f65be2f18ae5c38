import type { OwnMedia, OwnProfile, ProfilePromotions } from 'contracts';

/** An own profile as GET /api/profiles answers it: an active, complete, listed one unless overridden. */
export function createOwnProfile(overrides: Partial<OwnProfile> = {}): OwnProfile {
  return {
    id: 1,
    status: 'active',
    review: null,
    rejectReason: null,
    blockReason: null,
    draft: { name: 'Анна', city: 'moscow', category: 'individual' },
    complete: true,
    problems: {},
    changed: false,
    media: [],
    actions: ['save', 'extend', 'deactivate', 'delete'],
    monthPrice: 1000,
    prepaidMonths: 0,
    promotionPrices: { top: 1500, bump: 200, video: 600 },
    topUntil: null,
    videoUntil: null,
    bumpedAt: null,
    publishedAt: '2026-01-01T10:00:00.000Z',
    expiresAt: '2026-02-01T10:00:00.000Z',
    submittedAt: null,
    createdAt: '2026-01-01T09:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    ...overrides,
  };
}

export function createOwnPhoto(overrides: Partial<OwnMedia> = {}): OwnMedia {
  return {
    id: 10,
    kind: 'photo',
    url: '/media/p/10/large.webp',
    width: 600,
    height: 800,
    variants: [{ url: '/media/p/10/small.webp', width: 300, height: 400 }],
    position: 0,
    approved: true,
    sizeBytes: 1000,
    ...overrides,
  };
}

/** GET /api/profiles/{id}/promotions of a listed profile with free top slots. */
export function createPromotions(overrides: Partial<ProfilePromotions> = {}): ProfilePromotions {
  return {
    active: true,
    top: { price: 1500, days: 7, slots: 6, free: 2, nextFreeDate: null, until: null },
    bump: { price: 200, bumpedAt: null },
    video: { price: 600, until: null, hasVideo: true },
    ...overrides,
  };
}

/** GET /api/cities with the cities the builders use. */
export const citiesAnswer = {
  items: [
    { slug: 'moscow', name: { ru: 'Москва', en: 'Moscow' }, metro: [] },
    { slug: 'kazan', name: { ru: 'Казань', en: 'Kazan' }, metro: [] },
  ],
};

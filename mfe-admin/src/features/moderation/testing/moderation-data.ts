import type {
  AdminProfile,
  ModerationClaim,
  ModerationDetails,
  ModerationQueue,
  ModerationQueueItem,
} from 'contracts';
import type { AdminCampaign, Campaign } from 'contracts/campaigns';

/** A profile as the administration lists it: a model's, listed, nothing wrong. */
export function createAdminProfile(overrides: Partial<AdminProfile> = {}): AdminProfile {
  return {
    id: 41,
    accountId: 5,
    name: 'Алина',
    category: 'individual',
    city: { slug: 'moscow', name: { ru: 'Москва', en: 'Moscow' } },
    status: 'active',
    lifecycleStatus: 'active',
    review: 'pending',
    isBlocked: false,
    blockReason: null,
    blockSource: null,
    heldAt: null,
    openComplaints: 0,
    submittedAt: '2026-11-20T09:00:00.000Z',
    publishedAt: '2026-10-01T09:00:00.000Z',
    expiresAt: '2026-12-01T09:00:00.000Z',
    ...overrides,
  };
}

export const claimOf = (login: string, mine = false): ModerationClaim => ({
  admin: { id: mine ? 1 : 2, login, email: `${login}@anketa.local` },
  until: '2026-11-20T10:05:00.000Z',
  mine,
});

export function createQueueItem(overrides: Partial<ModerationQueueItem> = {}): ModerationQueueItem {
  return {
    id: 41,
    owner: { id: 5, email: 'model@anketa.local' },
    name: 'Алина',
    city: { slug: 'moscow', name: { ru: 'Москва', en: 'Moscow' } },
    submittedAt: '2026-11-20T09:00:00.000Z',
    firstPublication: false,
    changes: { fields: ['name', 'prices.hour'], mediaAdded: [12], mediaRemoved: [], mediaReordered: false },
    claim: null,
    ...overrides,
  };
}

export const queueOf = (items: ModerationQueueItem[]): ModerationQueue => ({
  items,
  total: items.length,
  page: 1,
  perPage: 20,
  pageCount: 1,
});

const version = (name: string, hour: number) => ({
  name,
  category: 'individual',
  city: 'moscow',
  metro: null,
  places: ['apartment'],
  services: [{ category: 'massage', code: 'classic', description: null }],
  prices: { hour, twoHours: null, night: null },
  age: 25,
  height: 170,
  weight: 55,
  boobs: 2,
  appearance: 'SLAVIC',
  contacts: { phone: null, telegram: 'alina_demo', whatsapp: null, viber: null },
  description: 'Спокойная встреча.',
});

const photo = (id: number, approved: boolean) => ({
  id,
  kind: 'photo' as const,
  url: `/media/${id}.webp`,
  width: 800,
  height: 1000,
  variants: [{ url: `/media/${id}-400.webp`, width: 400, height: 500 }],
  position: 0,
  approved,
  sizeBytes: 1000,
});

/** A change of an approved profile: a new name, a new price and a new photo. */
export function createDetails(overrides: Partial<ModerationDetails> = {}): ModerationDetails {
  return {
    profile: createAdminProfile(),
    owner: { id: 5, email: 'model@anketa.local' },
    waiting: true,
    firstPublication: false,
    submitted: version('Алина', 6000),
    approved: version('Алёна', 5000),
    submittedMedia: [
      photo(11, true),
      photo(12, false),
      { ...photo(13, false), kind: 'video', url: '/media/13.mp4', variants: [], width: null, height: null },
    ],
    approvedMedia: [photo(11, true)],
    changes: {
      fields: ['name', 'prices.hour'],
      mediaAdded: [12, 13],
      mediaRemoved: [],
      mediaReordered: false,
    },
    rejectReason: null,
    claim: null,
    ...overrides,
  };
}

export function createCampaign(overrides: Partial<Campaign> = {}): Campaign {
  return {
    id: 7,
    status: 'moderation',
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
    startsOn: '2026-12-01',
    endsOn: '2026-12-10',
    costPerDay: 450,
    total: 4500,
    paid: 4500,
    rejectReason: null,
    problems: {},
    changed: false,
    actions: [],
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    submittedAt: '2026-11-20T10:00:00.000Z',
    publishedAt: null,
    ...overrides,
  };
}

export const adminCampaignOf = (campaign: Campaign, claim: ModerationClaim | null = null): AdminCampaign => ({
  campaign,
  owner: { id: 9, email: 'advertiser@anketa.local' },
  claim,
});

export const CITIES = {
  items: [{ slug: 'moscow', name: { ru: 'Москва', en: 'Moscow' }, metro: [] }],
};

export const SERVICES = {
  items: [
    { category: 'massage', code: 'classic', name: { ru: 'Классический массаж', en: 'Classic massage' } },
  ],
};

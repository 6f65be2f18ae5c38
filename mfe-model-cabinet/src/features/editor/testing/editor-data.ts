import type { CityListResponse, OwnMedia, OwnProfile, ServiceListResponse } from 'contracts';

/** A working version that passes the whole form. */
export const completeDraft = () => ({
  name: 'Анна',
  category: 'individual',
  city: 'moscow',
  metro: 1,
  places: ['apartment'],
  services: [{ category: 'massage', code: 'classic', description: null }],
  prices: { hour: 5000, twoHours: null, night: null },
  age: 25,
  height: 170,
  weight: 55,
  boobs: 3,
  appearance: 'SLAVIC',
  contacts: { phone: '+79991234567', telegram: null, whatsapp: null, viber: null },
  description: 'Спокойная и внимательная',
});

export function createMedia(overrides: Partial<OwnMedia> = {}): OwnMedia {
  const id = overrides.id ?? 1;
  return {
    id,
    kind: 'photo',
    url: `/media/${id}.webp`,
    width: 600,
    height: 800,
    variants: [{ url: `/media/${id}-320.webp`, width: 320, height: 427 }],
    position: id,
    approved: false,
    sizeBytes: 1000,
    ...overrides,
  };
}

export function createOwnProfile(overrides: Partial<OwnProfile> = {}): OwnProfile {
  return {
    id: 7,
    status: 'saved',
    review: null,
    rejectReason: null,
    blockReason: null,
    draft: completeDraft(),
    complete: true,
    problems: {},
    changed: true,
    media: [createMedia()],
    actions: ['save', 'submit', 'delete'],
    monthPrice: 1500,
    prepaidMonths: 0,
    promotionPrices: { top: 700, bump: 100, video: 300 },
    topUntil: null,
    videoUntil: null,
    bumpedAt: null,
    publishedAt: null,
    expiresAt: null,
    submittedAt: null,
    createdAt: '2026-01-10T10:00:00.000Z',
    updatedAt: '2026-01-10T10:00:00.000Z',
    ...overrides,
  };
}

export const cities = (): CityListResponse => ({
  items: [
    {
      slug: 'moscow',
      name: { ru: 'Москва', en: 'Moscow' },
      metro: [
        {
          id: 1,
          name: { ru: 'Арбатская', en: 'Arbatskaya' },
          line: { ru: 'Арбатско-Покровская', en: 'Arbatsko-Pokrovskaya' },
          lineColor: '#0033A0',
        },
        {
          id: 2,
          name: { ru: 'Тверская', en: 'Tverskaya' },
          line: { ru: 'Замоскворецкая', en: 'Zamoskvoretskaya' },
          lineColor: '#4FB04F',
        },
        {
          id: 3,
          name: { ru: 'Смоленская', en: 'Smolenskaya' },
          line: { ru: 'Арбатско-Покровская', en: 'Arbatsko-Pokrovskaya' },
          lineColor: '#0033A0',
        },
      ],
    },
    {
      slug: 'saint-petersburg',
      name: { ru: 'Санкт-Петербург', en: 'Saint Petersburg' },
      metro: [
        {
          id: 10,
          name: { ru: 'Невский проспект', en: 'Nevsky Prospekt' },
          line: { ru: 'Московско-Петроградская', en: 'Moskovsko-Petrogradskaya' },
          lineColor: '#0078C9',
        },
      ],
    },
    { slug: 'kazan', name: { ru: 'Казань', en: 'Kazan' }, metro: [] },
  ],
});

export const services = (): ServiceListResponse => ({
  items: [
    { category: 'sex', code: 'classic_sex', name: { ru: 'Классика', en: 'Classic' } },
    { category: 'massage', code: 'classic', name: { ru: 'Классический массаж', en: 'Classic massage' } },
    { category: 'massage', code: 'relax', name: { ru: 'Расслабляющий', en: 'Relaxing' } },
  ],
});

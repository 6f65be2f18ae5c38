import {
  type ApiErrorBody,
  type Category,
  LISTING_PAGE_SIZE,
  type ModelCard,
  type ModelDetails,
  type ModelListResponse,
  PROFILE_STATUSES,
  type ServiceListResponse,
} from 'contracts';
import { contractsLocales } from 'contracts/locales';
import { and, count, eq, gt, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cities, modelProfiles } from '../../db/schema';
import { seed } from '../../db/seed';
import { createCity, createProfile, hoursAgo, hoursAhead } from '../../testing/builders';
import { createTestApp, type TestApp } from '../../testing/create-test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  await seed(t.db, { profiles: 60, demoOnline: true });
});

afterAll(async () => {
  await t?.close();
});

async function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

async function listPage(query: string): Promise<ModelListResponse> {
  const response = await get(`/api/model${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<ModelListResponse>();
}

/** Every card of a listing, page by page, as a visitor paging through it would see them. */
async function listAll(query: Record<string, string> = {}): Promise<{ items: ModelCard[]; total: number }> {
  const first = await listPage(`?${new URLSearchParams({ ...query, page: '1' })}`);
  const items = [...first.items];
  for (let page = 2; page <= first.pageCount; page++) {
    const next = await listPage(`?${new URLSearchParams({ ...query, page: String(page) })}`);
    expect(next.total).toBe(first.total);
    items.push(...next.items);
  }
  return { items, total: first.total };
}

/** Counted straight from the table, independently of the repository's query. */
async function countVisible(...conditions: SQL[]): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(modelProfiles)
    .innerJoin(cities, eq(cities.id, modelProfiles.cityId))
    .where(
      and(
        inArray(modelProfiles.status, ['active', 'published']),
        eq(modelProfiles.isBlocked, false),
        // Held by complaints until a moderator looks (the demo seed holds one).
        isNull(modelProfiles.heldAt),
        or(isNull(modelProfiles.expiresAt), gt(modelProfiles.expiresAt, new Date())),
        ...conditions,
      ),
    );
  return row?.n ?? 0;
}

describe('GET /api/model', () => {
  it('pages through every visible profile exactly once, with totals that match the pages', async () => {
    const { items, total } = await listAll();
    const ids = items.map((item) => item.id);

    expect(total).toBe(await countVisible());
    expect(total).toBeGreaterThan(LISTING_PAGE_SIZE);
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);

    const first = await listPage('?page=1');
    expect(first).toMatchObject({
      page: 1,
      perPage: LISTING_PAGE_SIZE,
      pageCount: Math.ceil(total / LISTING_PAGE_SIZE),
    });
    expect(first.items).toHaveLength(LISTING_PAGE_SIZE);
  });

  it('answers the first page when no page is given', async () => {
    const [implicit, explicit] = await Promise.all([listPage(''), listPage('?page=1')]);
    expect(implicit).toEqual(explicit);
  });

  it('filters by category', async () => {
    const { items, total } = await listAll({ category: 'massage' });
    expect(total).toBe(await countVisible(eq(modelProfiles.category, 'massage')));
    expect(total).toBeGreaterThan(0);
    expect(items.every((item) => item.category === 'massage')).toBe(true);
  });

  it('filters by city slug', async () => {
    const { items, total } = await listAll({ city: 'moscow' });
    expect(total).toBe(await countVisible(eq(cities.slug, 'moscow')));
    expect(total).toBeGreaterThan(0);
    expect(items.every((item) => item.city.slug === 'moscow')).toBe(true);
  });

  it('shows only profiles online now when online=true, and everybody when online=false', async () => {
    const online = await listAll({ online: 'true' });
    expect(online.total).toBe(await countVisible(eq(modelProfiles.isOnline, true)));
    expect(online.items.every((item) => item.isOnline)).toBe(true);

    const everybody = await listPage('?online=false');
    expect(everybody.total).toBe(await countVisible());
  });

  it('combines filters', async () => {
    const city = await createCity(t.db);
    const match = await createProfile(t.db, { cityId: city.id, category: 'elite', isOnline: true });
    await createProfile(t.db, { cityId: city.id, category: 'elite', isOnline: false });
    await createProfile(t.db, { cityId: city.id, category: 'bdsm', isOnline: true });

    const result = await listPage(`?category=elite&city=${city.slug}&online=true`);
    expect(result.items.map((item) => item.id)).toEqual([match.id]);
    expect(result.total).toBe(1);
  });

  it('answers an empty page, not an error, for an unknown city or a page past the end', async () => {
    expect(await listPage('?city=atlantis')).toEqual({
      items: [],
      total: 0,
      page: 1,
      perPage: LISTING_PAGE_SIZE,
      pageCount: 0,
    });

    const city = await createCity(t.db);
    await createProfile(t.db, { cityId: city.id });
    const past = await listPage(`?city=${city.slug}&page=3`);
    expect(past).toMatchObject({ items: [], total: 1, page: 3, pageCount: 1 });
  });

  it('puts active top placement first, then recent bumps, then recent publication', async () => {
    const city = await createCity(t.db);
    const at = (overrides: Parameters<typeof createProfile>[1]) =>
      createProfile(t.db, { cityId: city.id, ...overrides });
    const twinTime = hoursAgo(7 * 24);
    // Created out of order so that insertion order cannot pass for the right order.
    const expiredTop = await at({ topUntil: hoursAgo(1), publishedAt: hoursAgo(9 * 24) });
    const publishedOld = await at({ publishedAt: hoursAgo(5 * 24) });
    const twinA = await at({ publishedAt: twinTime });
    const bumpedOlder = await at({ bumpedAt: hoursAgo(3), publishedAt: hoursAgo(1) });
    const top = await at({ topUntil: hoursAhead(24), publishedAt: hoursAgo(10 * 24) });
    const publishedNew = await at({ publishedAt: hoursAgo(2) });
    const twinB = await at({ publishedAt: twinTime });
    const bumpedRecent = await at({ bumpedAt: hoursAgo(1), publishedAt: hoursAgo(20 * 24) });
    const topBumped = await at({
      topUntil: hoursAhead(48),
      bumpedAt: hoursAgo(5),
      publishedAt: hoursAgo(30 * 24),
    });

    const result = await listPage(`?city=${city.slug}`);

    expect(result.items.map((item) => item.id)).toEqual([
      topBumped.id,
      top.id,
      bumpedRecent.id,
      bumpedOlder.id,
      publishedNew.id,
      publishedOld.id,
      // Same publication time: the newer id first, so the order never depends on the plan.
      twinB.id,
      twinA.id,
      expiredTop.id,
    ]);
    expect(result.items.map((item) => item.isTop)).toEqual([
      true,
      true,
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('carries top placements over a page boundary, then continues with the rest in order', async () => {
    const city = await createCity(t.db);
    const tops = [];
    for (let i = 0; i < LISTING_PAGE_SIZE + 5; i++) {
      tops.push(
        await createProfile(t.db, {
          cityId: city.id,
          topUntil: hoursAhead(24),
          publishedAt: hoursAgo(100 + i),
        }),
      );
    }
    const rest = [];
    for (let i = 0; i < 7; i++) {
      rest.push(await createProfile(t.db, { cityId: city.id, publishedAt: hoursAgo(1 + i) }));
    }

    const first = await listPage(`?city=${city.slug}&page=1`);
    const second = await listPage(`?city=${city.slug}&page=2`);

    expect(first.total).toBe(tops.length + rest.length);
    expect(first.items.map((item) => item.id)).toEqual(tops.slice(0, LISTING_PAGE_SIZE).map((p) => p.id));
    expect(second.items.map((item) => item.id)).toEqual([
      ...tops.slice(LISTING_PAGE_SIZE).map((p) => p.id),
      ...rest.map((p) => p.id),
    ]);
    expect(second.items.map((item) => item.isTop)).toEqual([
      ...tops.slice(LISTING_PAGE_SIZE).map(() => true),
      ...rest.map(() => false),
    ]);
  });

  it('keeps pages stable and disjoint when many profiles tie on every ordering column', async () => {
    const city = await createCity(t.db);
    const publishedAt = hoursAgo(6);
    const created: number[] = [];
    for (let i = 0; i < LISTING_PAGE_SIZE + 6; i++) {
      created.push((await createProfile(t.db, { cityId: city.id, publishedAt })).id);
    }

    const page1 = await listPage(`?city=${city.slug}&page=1`);
    const page2 = await listPage(`?city=${city.slug}&page=2`);
    const again1 = await listPage(`?city=${city.slug}&page=1`);

    expect(page1).toMatchObject({ total: created.length, pageCount: 2 });
    expect(page1.items).toHaveLength(LISTING_PAGE_SIZE);
    expect(page2.items).toHaveLength(6);
    expect(again1.items.map((item) => item.id)).toEqual(page1.items.map((item) => item.id));
    const seen = [...page1.items, ...page2.items].map((item) => item.id);
    expect(seen).toEqual([...created].sort((a, b) => b - a));
  });

  it('never lists blocked profiles or profiles in a hidden status', async () => {
    const city = await createCity(t.db);
    const visible = await createProfile(t.db, { cityId: city.id, status: 'published' });
    for (const status of PROFILE_STATUSES.filter((s) => s !== 'active' && s !== 'published')) {
      await createProfile(t.db, { cityId: city.id, status });
    }
    await createProfile(t.db, {
      cityId: city.id,
      status: 'active',
      isBlocked: true,
      blockReason: 'Повторная анкета',
    });
    await createProfile(t.db, { cityId: city.id, status: 'published', isBlocked: true });

    const result = await listPage(`?city=${city.slug}`);
    expect(result.items.map((item) => item.id)).toEqual([visible.id]);
    expect(result.total).toBe(1);
  });

  it('stops listing a profile the moment its paid time is over, even before its status changes', async () => {
    const city = await createCity(t.db);
    const current = await createProfile(t.db, { cityId: city.id, expiresAt: hoursAhead(1), isOnline: true });
    await createProfile(t.db, { cityId: city.id, expiresAt: hoursAgo(1), isOnline: true });
    await createProfile(t.db, {
      cityId: city.id,
      expiresAt: hoursAgo(1),
      isOnline: true,
      topUntil: hoursAhead(24),
    });

    for (const query of [`?city=${city.slug}`, `?city=${city.slug}&online=true`]) {
      const result = await listPage(query);
      expect(result.items.map((item) => item.id)).toEqual([current.id]);
      expect(result.total).toBe(1);
    }
  });

  it('shows each card with its first photo, city and metro', async () => {
    const city = await createCity(t.db);
    const profile = await createProfile(
      t.db,
      { cityId: city.id, name: 'Вероника', age: 29, priceHour: 7000, hasVideo: true, isOnline: true },
      { photos: [7, 3] },
    );
    const noPhoto = await createProfile(t.db, { cityId: city.id, publishedAt: hoursAgo(48) }, { photos: [] });

    const [card, bare] = (await listPage(`?city=${city.slug}`)).items;
    expect(card).toEqual({
      id: profile.id,
      name: 'Вероника',
      age: 29,
      category: 'individual',
      city: { slug: city.slug, name: { ru: city.nameRu, en: city.nameEn } },
      metro: null,
      priceHour: 7000,
      photo: { url: '/media/placeholder/7.svg', width: 600, height: 800, alt: 'Вероника, фото 1' },
      hasVideo: true,
      isOnline: true,
      isTop: false,
      liveStream: null,
    } satisfies ModelCard);
    expect(bare).toMatchObject({ id: noPhoto.id, photo: null });

    const seeded = await listAll({ city: 'moscow' });
    const withMetro = seeded.items.find((item) => item.metro !== null);
    expect(withMetro?.metro).toEqual({
      id: expect.any(Number),
      name: { ru: expect.any(String), en: expect.any(String) },
    });
  });
});

describe('GET /api/model filters', () => {
  /** Ids of the city's list for the query, in listing order. */
  async function idsFor(slug: string, query: string): Promise<number[]> {
    const result = await listPage(`?city=${slug}&${query}`);
    expect(result.total).toBe(result.items.length);
    return result.items.map((item) => item.id);
  }

  it('narrows by every attribute filter, bounds inclusive', async () => {
    const city = await createCity(t.db);
    const base = { cityId: city.id };
    const young = await createProfile(t.db, {
      ...base,
      age: 20,
      priceHour: 3000,
      height: 160,
      weight: 50,
      boobs: 1,
    });
    const middle = await createProfile(t.db, {
      ...base,
      age: 30,
      priceHour: 6000,
      height: 170,
      weight: 60,
      boobs: 3,
      appearance: 'ASIAN',
      places: ['visit'],
      hasVideo: true,
      publishedAt: hoursAgo(30),
    });
    const older = await createProfile(t.db, {
      ...base,
      age: 40,
      priceHour: 12_000,
      height: 180,
      weight: 70,
      boobs: 5,
      appearance: 'LATINO',
      places: ['apartment', 'visit'],
      publishedAt: hoursAgo(40),
    });

    expect(await idsFor(city.slug, 'ageMin=30')).toEqual([middle.id, older.id]);
    expect(await idsFor(city.slug, 'ageMax=30')).toEqual([young.id, middle.id]);
    expect(await idsFor(city.slug, 'ageMin=21&ageMax=39')).toEqual([middle.id]);
    expect(await idsFor(city.slug, 'priceMin=6000&priceMax=12000')).toEqual([middle.id, older.id]);
    expect(await idsFor(city.slug, 'priceMax=5999')).toEqual([young.id]);
    expect(await idsFor(city.slug, 'heightMin=170&heightMax=175')).toEqual([middle.id]);
    expect(await idsFor(city.slug, 'weightMin=61')).toEqual([older.id]);
    expect(await idsFor(city.slug, 'boobsMin=0&boobsMax=1')).toEqual([young.id]);
    expect(await idsFor(city.slug, 'appearance=ASIAN')).toEqual([middle.id]);
    expect(await idsFor(city.slug, 'appearance=ASIAN,LATINO')).toEqual([middle.id, older.id]);
    expect(await idsFor(city.slug, 'place=apartment')).toEqual([young.id, older.id]);
    expect(await idsFor(city.slug, 'place=visit')).toEqual([middle.id, older.id]);
    expect(await idsFor(city.slug, 'video=true')).toEqual([middle.id]);
    expect(await idsFor(city.slug, 'video=false')).toEqual([young.id, middle.id, older.id]);
    expect(await idsFor(city.slug, 'ageMin=25&place=visit&appearance=LATINO')).toEqual([older.id]);
  });

  it('leaves a profile without height, weight, bust size or appearance out of those filters, and in when they are off', async () => {
    const city = await createCity(t.db);
    const base = { cityId: city.id };
    const filled = await createProfile(t.db, {
      ...base,
      height: 170,
      weight: 60,
      boobs: 0,
      appearance: 'ASIAN',
    });
    const blank = await createProfile(t.db, {
      ...base,
      height: null,
      weight: null,
      boobs: null,
      appearance: null,
      publishedAt: hoursAgo(30),
    });

    expect(await idsFor(city.slug, '')).toEqual([filled.id, blank.id]);
    expect(await idsFor(city.slug, 'ageMin=18&priceMin=0')).toEqual([filled.id, blank.id]);
    // The widest bounds still ask for a value: a visitor filtering by height wants a height.
    expect(await idsFor(city.slug, 'heightMin=150')).toEqual([filled.id]);
    expect(await idsFor(city.slug, 'heightMax=200')).toEqual([filled.id]);
    expect(await idsFor(city.slug, 'weightMin=40&weightMax=300')).toEqual([filled.id]);
    expect(await idsFor(city.slug, 'boobsMax=12')).toEqual([filled.id]);
    expect(await idsFor(city.slug, 'boobsMin=0&boobsMax=0')).toEqual([filled.id]);
    expect(await idsFor(city.slug, 'appearance=ASIAN')).toEqual([filled.id]);
    expect(await idsFor(city.slug, 'appearance=SLAVIC')).toEqual([]);

    const page = await get(`/api/model/${blank.id}`);
    expect(page.statusCode).toBe(200);
    expect(page.json<ModelDetails>()).toMatchObject({
      height: null,
      weight: null,
      boobs: null,
      appearance: null,
    });
  });

  it('narrows by metro station', async () => {
    const { items } = await listAll({ city: 'moscow' });
    const station = items.find((item) => item.metro !== null)?.metro;
    if (!station) throw new Error('the seed has no Moscow profile with a metro station');
    const result = await listAll({ city: 'moscow', metro: String(station.id) });
    expect(result.total).toBe(await countVisible(eq(modelProfiles.metroId, station.id)));
    expect(result.items.every((item) => item.metro?.id === station.id)).toBe(true);
  });

  it('keeps profiles offering every chosen service', async () => {
    const city = await createCity(t.db);
    const both = await createProfile(
      t.db,
      { cityId: city.id },
      {
        services: [
          ['massage', 'classic'],
          ['other', 'dinner'],
          ['strip', 'dance'],
        ],
      },
    );
    const one = await createProfile(
      t.db,
      { cityId: city.id, publishedAt: hoursAgo(48) },
      { services: [['massage', 'classic']] },
    );
    await createProfile(t.db, { cityId: city.id, publishedAt: hoursAgo(72) });

    expect(await idsFor(city.slug, 'services=massage.classic')).toEqual([both.id, one.id]);
    expect(await idsFor(city.slug, 'services=massage.classic,other.dinner')).toEqual([both.id]);
    expect(await idsFor(city.slug, 'services=other.travel')).toEqual([]);
  });

  it('keeps top placement first and pages stable under a filter', async () => {
    const city = await createCity(t.db);
    const created: number[] = [];
    for (let i = 0; i < LISTING_PAGE_SIZE + 2; i++) {
      created.push((await createProfile(t.db, { cityId: city.id, age: 30, publishedAt: hoursAgo(10) })).id);
    }
    const top = await createProfile(t.db, {
      cityId: city.id,
      age: 30,
      topUntil: hoursAhead(5),
      publishedAt: hoursAgo(99),
    });
    await createProfile(t.db, { cityId: city.id, age: 50, topUntil: hoursAhead(5) });

    const page1 = await listPage(`?city=${city.slug}&ageMax=35&page=1`);
    const page2 = await listPage(`?city=${city.slug}&ageMax=35&page=2`);
    expect(page1.total).toBe(created.length + 1);
    expect(page1.items[0]?.id).toBe(top.id);
    const seen = [...page1.items, ...page2.items].map((item) => item.id);
    expect(seen).toEqual([top.id, ...[...created].sort((a, b) => b - a)]);
  });
});

describe('GET /api/services', () => {
  it('lists the catalogue with names in both languages', async () => {
    const response = await get('/api/services');
    expect(response.statusCode).toBe(200);
    const { items } = response.json<ServiceListResponse>();
    expect(items).toContainEqual({
      category: 'massage',
      code: 'classic',
      name: { ru: 'Классический массаж', en: 'Classic massage' },
    });
    expect(new Set(items.map((item) => `${item.category}.${item.code}`)).size).toBe(items.length);
  });
});

describe('GET /api/model/online-count', () => {
  it('counts the visible profiles online now, not hidden, expired or offline ones', async () => {
    const count = async () => (await get('/api/model/online-count')).json<{ count: number }>().count;
    const before = await count();
    expect(before).toBe(await countVisible(eq(modelProfiles.isOnline, true)));
    await createProfile(t.db, { isOnline: true });
    await createProfile(t.db, { isOnline: false });
    await createProfile(t.db, { isOnline: true, isBlocked: true, blockReason: 'Повторная анкета' });
    await createProfile(t.db, { isOnline: true, status: 'draft' });
    await createProfile(t.db, { isOnline: true, expiresAt: hoursAgo(1) });
    expect(await count()).toBe(before + 1);
  });
});

describe("a rendered page's online count", () => {
  it('is read once for the pages of a second, and again at once after a change to who is listed', async () => {
    const read = t.app.inProcessReads.get('/api/model/online-count');
    if (!read) throw new Error('no read for the online count');
    const pageCount = async () =>
      (JSON.parse(await read({ query: {}, params: {}, acceptLanguage: 'ru' })) as { count: number }).count;
    const routeCount = async () => (await get('/api/model/online-count')).json<{ count: number }>().count;
    // The clock stands still unless the test moves it.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const before = await pageCount();
      expect(before).toBe(await routeCount());
      // A model coming online (the presence socket writes the row): the route, which a browser's
      // header polls, reads it at once; the pages rendered in the same second share their read.
      await createProfile(t.db, { isOnline: true });
      expect(await routeCount()).toBe(before + 1);
      expect(await pageCount()).toBe(before);
      vi.setSystemTime(Date.now() + 999);
      expect(await pageCount()).toBe(before);
      vi.setSystemTime(Date.now() + 1);
      expect(await pageCount()).toBe(before + 1);
      // A change to who is listed clears the listing, and with it the shared count, on every instance.
      await createProfile(t.db, { isOnline: true });
      t.app.listingCache.clear();
      expect(await pageCount()).toBe(before + 2);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('GET /api/model/:id', () => {
  it('answers the whole profile with services, photos in order, video and contacts', async () => {
    const profile = await createProfile(
      t.db,
      {
        name: 'Полина',
        category: 'massage',
        topUntil: hoursAhead(3),
        places: ['apartment', 'visit'],
        phone: '+79990001122',
        telegram: 'polina_test',
        whatsapp: null,
        viber: null,
        priceNight: null,
        hasVideo: true,
      },
      {
        photos: [12, 5, 9],
        video: '/media/video/1.mp4',
        services: [
          ['massage', 'classic', 'до 60 минут'],
          ['other', 'dinner'],
        ],
      },
    );

    const response = await get(`/api/model/${profile.id}`);
    expect(response.statusCode).toBe(200);
    const details = response.json<ModelDetails>();

    expect(details).toMatchObject({
      id: profile.id,
      name: 'Полина',
      category: 'massage',
      isTop: true,
      hasVideo: true,
      height: 168,
      weight: 55,
      boobs: 2,
      appearance: 'SLAVIC',
      prices: { hour: 5000, twoHours: 9000, night: null },
      places: ['apartment', 'visit'],
      contacts: { phone: '+79990001122', telegram: 'polina_test', whatsapp: null, viber: null },
      description: 'Пунктуальна, люблю хорошую музыку.',
      publishedAt: profile.publishedAt?.toISOString(),
    });
    expect(details.photos.map((photo) => photo.url)).toEqual([
      '/media/placeholder/12.svg',
      '/media/placeholder/5.svg',
      '/media/placeholder/9.svg',
    ]);
    expect(details.photo).toEqual(details.photos[0]);
    expect(details.video).toEqual({ url: '/media/video/1.mp4', poster: details.photos[0] });
    expect(details.services).toEqual([
      {
        category: 'massage',
        code: 'classic',
        name: { ru: 'Классический массаж', en: 'Classic massage' },
        description: 'до 60 минут',
      },
      {
        category: 'other',
        code: 'dinner',
        name: { ru: 'Компания на ужин', en: 'Dinner companion' },
        description: null,
      },
    ]);
  });

  it('writes photo descriptions in the language of the request', async () => {
    const profile = await createProfile(t.db, { name: 'Мария' }, { photos: [1, 2] });
    const response = await get(`/api/model/${profile.id}`, { 'accept-language': 'en-GB,en;q=0.9' });
    expect(response.json<ModelDetails>().photos.map((photo) => photo.alt)).toEqual([
      'Мария, photo 1',
      'Мария, photo 2',
    ]);
  });

  it('answers 404 MODEL_NOT_FOUND for missing profiles and ones never published', async () => {
    const draft = await createProfile(t.db, { status: 'draft', publishedAt: null });
    const rejected = await createProfile(t.db, { status: 'rejected', publishedAt: null });
    const pending = await createProfile(t.db, { status: 'pending', publishedAt: null });
    // Blocked while it waited for its first approval: never seen by a visitor either.
    const blockedDraft = await createProfile(t.db, { status: 'pending', publishedAt: null, isBlocked: true });

    for (const id of [999_999_999, draft.id, rejected.id, pending.id, blockedDraft.id]) {
      const response = await get(`/api/model/${id}`);
      expect(response.statusCode, String(id)).toBe(404);
      expect(response.json<ApiErrorBody>()).toEqual({
        code: 'MODEL_NOT_FOUND',
        message: contractsLocales.ru.errors.MODEL_NOT_FOUND,
      });
    }
    const english = await get(`/api/model/${draft.id}`, { 'accept-language': 'en' });
    expect(english.json<ApiErrorBody>().message).toBe(contractsLocales.en.errors.MODEL_NOT_FOUND);
  });

  it('answers 410 PROFILE_GONE for published profiles now blocked, expired, hidden or held', async () => {
    const blocked = await createProfile(t.db, { isBlocked: true, blockReason: 'Повторная анкета' });
    const expired = await createProfile(t.db, { status: 'active', expiresAt: hoursAgo(1) });
    const expiredStatus = await createProfile(t.db, { status: 'expired', expiresAt: hoursAgo(1) });
    const hidden = await createProfile(t.db, { status: 'unactive' });
    const held = await createProfile(t.db, { heldAt: hoursAgo(1) });

    for (const id of [blocked.id, expired.id, expiredStatus.id, hidden.id, held.id]) {
      const response = await get(`/api/model/${id}`);
      expect(response.statusCode, String(id)).toBe(410);
      expect(response.json<ApiErrorBody>()).toEqual({
        code: 'PROFILE_GONE',
        message: contractsLocales.ru.errors.PROFILE_GONE,
      });
    }
    const english = await get(`/api/model/${blocked.id}`, { 'accept-language': 'en' });
    expect(english.json<ApiErrorBody>().message).toBe(contractsLocales.en.errors.PROFILE_GONE);
  });
});

describe('bad input', () => {
  it.each([
    ['/api/model?page=0', 'page', 'validation.invalidPage'],
    ['/api/model?page=-1', 'page', 'validation.invalidPage'],
    ['/api/model?page=abc', 'page', 'validation.invalidPage'],
    ['/api/model?page=1.5', 'page', 'validation.invalidPage'],
    ['/api/model?page=007', 'page', 'validation.invalidPage'],
    ['/api/model?page=10001', 'page', 'validation.invalidPage'],
    ['/api/model?page=99999999999999999999999', 'page', 'validation.invalidPage'],
    ['/api/model?page=1&page=2', 'page', 'validation.invalidPage'],
    ['/api/model?category=foo', 'category', 'validation.invalidCategory'],
    ['/api/model?city=Moscow!', 'city', 'validation.invalidCity'],
    ['/api/model?online=yes', 'online', 'validation.invalidFlag'],
    ['/api/model?video=1', 'video', 'validation.invalidFlag'],
    ['/api/model?metro=0', 'metro', 'validation.invalidMetro'],
    ['/api/model?place=car', 'place', 'validation.invalidPlace'],
    ['/api/model?appearance=ASIAN,ELF', 'appearance', 'validation.invalidAppearance'],
    ['/api/model?appearance=ASIAN,ASIAN', 'appearance', 'validation.invalidAppearance'],
    ['/api/model?services=classic', 'services', 'validation.invalidService'],
    ['/api/model?ageMin=17', 'ageMin', 'validation.ageMin'],
    ['/api/model?ageMax=61', 'ageMax', 'validation.ageMax'],
    ['/api/model?ageMin=2x', 'ageMin', 'validation.wholeNumber'],
    ['/api/model?priceMax=100001', 'priceMax', 'validation.priceHourMax'],
    ['/api/model?heightMin=149', 'heightMin', 'validation.heightMin'],
    ['/api/model?weightMax=301', 'weightMax', 'validation.weightMax'],
    ['/api/model?boobsMax=13', 'boobsMax', 'validation.boobsMax'],
    ['/api/model?ageMin=40&ageMax=30', 'ageMax', 'validation.invalidRange'],
    ['/api/model?priceMin=9000&priceMax=3000', 'priceMax', 'validation.invalidRange'],
    ['/api/model/abc', 'id', 'validation.invalidId'],
    ['/api/model/0', 'id', 'validation.invalidId'],
    ['/api/model/-5', 'id', 'validation.invalidId'],
    ['/api/model/2147483648', 'id', 'validation.invalidId'],
    ['/api/model/99999999999999999999', 'id', 'validation.invalidId'],
  ])('%s answers 400 naming the field', async (url, field, key) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    const body = response.json<ApiErrorBody>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.fields).toEqual({ [field]: key });
    expect(body.message).toMatch(/[а-я]/i);
  });

  it('translates the message: Russian by default, English on request', async () => {
    const russian = await get('/api/model?page=0');
    const english = await get('/api/model?page=0', { 'accept-language': 'en-US,en;q=0.8,ru;q=0.5' });
    const unknown = await get('/api/model?page=0', { 'accept-language': 'de-DE' });
    expect(russian.json<ApiErrorBody>().message).toBe(contractsLocales.ru.validation.invalidPage);
    expect(english.json<ApiErrorBody>().message).toBe(contractsLocales.en.validation.invalidPage);
    expect(unknown.json<ApiErrorBody>().message).toBe(contractsLocales.ru.validation.invalidPage);
  });

  it('reports every bad field at once', async () => {
    const response = await get('/api/model?page=0&category=foo&online=1', { 'accept-language': 'en' });
    expect(response.json<ApiErrorBody>()).toEqual({
      code: 'VALIDATION_FAILED',
      message: contractsLocales.en.validation.invalidCategory,
      fields: {
        category: 'validation.invalidCategory',
        online: 'validation.invalidFlag',
        page: 'validation.invalidPage',
      },
    });
  });

  it('ignores query fields it does not know', async () => {
    const category: Category = 'bdsm';
    const response = await get(`/api/model?category=${category}&utm_source=mail`);
    expect(response.statusCode).toBe(200);
  });
});

import { CATEGORIES, TOP_PLACEMENT } from 'contracts';
import { asc, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/create-test-app';
import {
  adStatsDaily,
  campaigns,
  cities,
  ledgerEntries,
  media,
  metroStations,
  modelProfiles,
  modelServices,
  notifications,
  paymentOrders,
  priceItems,
  profileViews,
  promoCodes,
  services,
} from './schema';
import { createModerationCounts, createModerationQueue } from '../modules/admin/moderation-queue';
import { revisionMedia } from '../modules/own-profiles/repository';
import { checkRevision } from '../modules/own-profiles/revision';
import { DEFAULT_PROFILE_COUNT, seed } from './seed';
import { seedAccounts } from './seed-accounts';
import { FIRST_NAMES } from './seed-catalog';

let t: TestApp;
let seedMs = 0;

beforeAll(async () => {
  t = await createTestApp();
  const started = performance.now();
  const result = await seed(t.db, { demoOnline: true });
  seedMs = performance.now() - started;
  expect(result).toEqual({ seeded: true, profiles: DEFAULT_PROFILE_COUNT });
});

afterAll(async () => {
  await t?.close();
});

const profiles = () => t.db.select().from(modelProfiles).orderBy(asc(modelProfiles.id));

describe('seed', () => {
  it('takes only a few seconds', () => {
    expect(seedMs).toBeLessThan(10_000);
  });

  it('creates at least 320 visible adult profiles, mostly aged 20 to 35', async () => {
    const rows = await profiles();
    const visible = rows.filter((p) => (p.status === 'active' || p.status === 'published') && !p.isBlocked);
    expect(visible.length).toBeGreaterThanOrEqual(320);
    const ages = rows.flatMap((p) => (p.age === null ? [] : [p.age]));
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(18);
    expect(Math.max(...ages)).toBeLessThanOrEqual(60);
    expect(ages.filter((age) => age >= 20 && age <= 35).length / ages.length).toBeGreaterThan(0.7);
    expect(rows.every((p) => FIRST_NAMES.includes(p.name))).toBe(true);
  });

  it('spreads profiles over every category and at least 12 cities', async () => {
    const rows = await profiles();
    expect(new Set(rows.map((p) => p.category))).toEqual(new Set(CATEGORIES));
    expect(new Set(rows.map((p) => p.cityId)).size).toBeGreaterThanOrEqual(12);
  });

  it('places Moscow and St Petersburg profiles at stations of their own city', async () => {
    const rows = await t.db
      .select({ city: cities.slug, stationCity: metroStations.cityId, cityId: modelProfiles.cityId })
      .from(modelProfiles)
      .innerJoin(cities, eq(cities.id, modelProfiles.cityId))
      .innerJoin(metroStations, eq(metroStations.id, modelProfiles.metroId));
    expect(new Set(rows.map((row) => row.city))).toEqual(new Set(['moscow', 'saint-petersburg']));
    expect(rows.every((row) => row.stationCity === row.cityId)).toBe(true);
  });

  it('mixes in top placements within the city slots, bumps, online, video, blocked and drafts', async () => {
    const rows = await profiles();
    const now = Date.now();
    const activeTops = rows.filter((p) => p.topUntil && p.topUntil.getTime() > now);
    expect(activeTops.length).toBeGreaterThan(0);
    expect(rows.some((p) => p.topUntil && p.topUntil.getTime() < now)).toBe(true);
    const topsPerCity = new Map<number | null, number>();
    for (const p of activeTops) topsPerCity.set(p.cityId, (topsPerCity.get(p.cityId) ?? 0) + 1);
    expect(Math.max(...topsPerCity.values())).toBeLessThanOrEqual(TOP_PLACEMENT.slotsPerCity);

    expect(rows.some((p) => p.bumpedAt && now - p.bumpedAt.getTime() < 3 * 86_400_000)).toBe(true);
    expect(rows.some((p) => p.isOnline)).toBe(true);
    expect(rows.some((p) => p.hasVideo)).toBe(true);
    expect(rows.some((p) => p.isBlocked && (p.status === 'active' || p.status === 'published'))).toBe(true);
    expect(rows.some((p) => p.status === 'draft')).toBe(true);
  });

  it('gives every profile 2 to 5 placeholder photos and a few tame services', async () => {
    const photoCounts = await t.db
      .select({ profileId: media.profileId, n: count() })
      .from(media)
      .where(eq(media.kind, 'photo'))
      .groupBy(media.profileId);
    expect(photoCounts).toHaveLength(DEFAULT_PROFILE_COUNT);
    expect(photoCounts.every((row) => row.n >= 2 && row.n <= 5)).toBe(true);

    const urls = await t.db.selectDistinct({ url: media.url }).from(media);
    expect(urls.every((row) => /^\/media\/placeholder\/\d+\.svg$/.test(row.url))).toBe(true);

    const [linked] = await t.db
      .select({ n: sql<number>`count(distinct ${modelServices.profileId})::int` })
      .from(modelServices);
    expect(linked?.n).toBe(DEFAULT_PROFILE_COUNT);
    const catalogue = await t.db.select().from(services);
    expect(new Set(catalogue.map((s) => s.category)).size).toBe(6);
  });

  it('keeps every listed demo profile within its paid time', async () => {
    const rows = await profiles();
    const listed = rows.filter((p) => p.status === 'active' || p.status === 'published');
    expect(listed.every((p) => p.expiresAt && p.expiresAt.getTime() > Date.now())).toBe(true);
    const expired = rows.filter((p) => p.status === 'expired');
    expect(expired.every((p) => p.expiresAt && p.expiresAt.getTime() < Date.now())).toBe(true);
  });

  it('shows demo profiles online only when asked to (development), and the same data either way', async () => {
    const withOnline = await profiles();
    await t.db.delete(modelProfiles);
    await seed(t.db);
    const without = await profiles();
    expect(without.some((p) => p.isOnline)).toBe(false);
    expect(without.map((p) => [p.name, p.cityId, p.status])).toEqual(
      withOnline.map((p) => [p.name, p.cityId, p.status]),
    );
  });

  it('leaves work for the administration: new profiles, changes of approved ones, and complaints', async () => {
    const counts = await createModerationCounts(t.db)();
    expect(counts.profiles).toBeGreaterThanOrEqual(4);
    expect(counts.complaints).toBe(2);
    const queue = createModerationQueue(t.db);
    const waiting = (await queue.list({ perPage: 100 }, 0)).items;
    const fresh = waiting.filter((item) => item.firstPublication);
    const changed = waiting.filter((item) => !item.firstPublication);
    expect(fresh.length).toBeGreaterThanOrEqual(2);
    expect(changed).toHaveLength(2);
    for (const item of changed) {
      expect(item.changes).toMatchObject({
        fields: ['name', 'prices.hour', 'description'],
        mediaAdded: [expect.any(Number)],
        mediaRemoved: [expect.any(Number)],
      });
    }
    // Each could be approved as sent, and none of its unapproved files is public.
    for (const item of waiting) {
      const [row] = await t.db.select().from(modelProfiles).where(eq(modelProfiles.id, item.id));
      if (!row) throw new Error('a queued profile is missing');
      expect(checkRevision(row.revision, await revisionMedia(t.db, item.id)).complete, String(item.id)).toBe(
        true,
      );
      const details = await queue.details(item.id, 0);
      expect(details.waiting).toBe(true);
      const approvedIds = new Set(details.approvedMedia.map((file) => file.id));
      const files = await t.db.select().from(media).where(eq(media.profileId, item.id));
      expect(files.filter((file) => file.isPublic).every((file) => approvedIds.has(file.id))).toBe(true);
    }
    const held = await t.db.select().from(modelProfiles).where(sql`${modelProfiles.heldAt} is not null`);
    expect(held).toHaveLength(1);
  });

  it('does nothing when the database already has profiles', async () => {
    const [before] = await t.db.select({ n: count() }).from(modelProfiles);
    expect(await seed(t.db)).toEqual({ seeded: false, profiles: 0 });
    const [after] = await t.db.select({ n: count() }).from(modelProfiles);
    expect(after?.n).toBe(before?.n);
  });

  it('produces the same profiles from the same seed', async () => {
    const snapshot = async () =>
      (await profiles()).map((p) => [
        p.name,
        p.age,
        p.category,
        p.cityId,
        p.status,
        p.priceHour,
        p.description,
      ]);
    const first = await snapshot();
    await t.db.delete(modelProfiles);
    await seed(t.db);
    expect(await snapshot()).toEqual(first);
  });
});

describe('seed for production', () => {
  it('writes the reference data only: no demo profiles, promo codes or history', async () => {
    const app = await createTestApp();
    try {
      expect(await seed(app.db, { demo: false })).toEqual({ seeded: false, profiles: 0 });
      // As the server starts in production: an administrator from ADMIN_PASSWORD, no demo accounts.
      await seedAccounts(app.db, { admin: { email: 'admin@example.test', password: 'admin-password-1' } });
      for (const table of [
        profileViews,
        adStatsDaily,
        campaigns,
        ledgerEntries,
        notifications,
        paymentOrders,
      ]) {
        const [rows] = await app.db.select({ n: count() }).from(table);
        expect(rows?.n).toBe(0);
      }
      const [profileCount] = await app.db.select({ n: count() }).from(modelProfiles);
      const [codeCount] = await app.db.select({ n: count() }).from(promoCodes);
      const [cityCount] = await app.db.select({ n: count() }).from(cities);
      const [priceCount] = await app.db.select({ n: count() }).from(priceItems);
      expect(profileCount?.n).toBe(0);
      expect(codeCount?.n).toBe(0);
      expect(cityCount?.n).toBeGreaterThan(0);
      expect(priceCount?.n).toBeGreaterThan(0);
    } finally {
      await app.close();
    }
  });
});

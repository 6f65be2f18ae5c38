import type { ModelListResponse, OwnProfile } from 'contracts';
import { and, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cities, media, modelProfiles } from '../../db/schema';
import { seedPrices } from '../../db/seed-prices';
import { creditBalance, sentProfile, signedInAdmin, signedInModel } from '../../testing/admin';
import { createAccount, createCity, createProfile } from '../../testing/builders';
import { testAppForFile } from '../../testing/create-test-app';
import { expectCardsExact } from '../../testing/listing-cards';
import { completeDraft, ensureClassicMassage } from '../../testing/profiles';
import { agentAt } from '../../testing/visitor';
import { DEFAULT_COMPLAINT_HOLD_THRESHOLD } from '../complaints/hold';
import { createPresenceRepository } from '../presence/repository';
import { expireProfiles } from '../own-profiles/expiry';
import { createModeration } from '../own-profiles/moderation';

// The listing's totals come from listing_counts, which triggers keep; these tests make every kind
// of write that changes what a visitor sees and check, after each, that (1) the table, merged per
// key, is exactly a recount of the listed profiles, and (2) the listing's totals for a grid of
// filters equal a count of the visible rows made here, independently of the repository. The
// cards the listing reads (listing_cards, also kept by triggers) are checked after each too.
const t = testAppForFile({ rubPerUsd: 100 }, async ({ db }) => {
  await seedPrices(db);
  await ensureClassicMassage(db);
});

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (result as { rows: Row[] }).rows;

/** (1) listing_counts merged per key, against a recount of model_profiles. */
async function expectTableMatchesRecount(): Promise<void> {
  const kept = rowsOf(
    await t.db.execute(sql`
      select category, city_id, is_online, has_video, price_hour, sum(n)::int as n
      from listing_counts group by 1, 2, 3, 4, 5 having sum(n) <> 0 order by 1, 2, 3, 4, 5`),
  );
  const recount = rowsOf(
    await t.db.execute(sql`
      select category, city_id, is_online, has_video, price_hour, n from (
        select category, city_id, is_online, has_video, coalesce(price_hour, 0) as price_hour,
          count(*)::int as n
        from model_profiles
        where status in ('active', 'published') and is_blocked = false and held_at is null
        group by grouping sets ((category, city_id, is_online, has_video, price_hour),
          (category, city_id, is_online, has_video))
      ) as recount order by 1, 2, 3, 4, 5`),
  );
  expect(kept).toEqual(recount);
}

interface Filters {
  category?: 'individual' | 'massage';
  city?: string;
  online?: 'true';
  video?: 'true';
  priceMin?: number;
  priceMax?: number;
  // Filters the counts do not cover: counted row by row.
  ageMin?: number;
  ageMax?: number;
  place?: 'apartment' | 'visit';
  appearance?: string;
}

interface VisibleRow {
  category: string;
  city: string;
  isOnline: boolean;
  hasVideo: boolean;
  priceHour: number | null;
  age: number | null;
  places: string[] | null;
  appearance: string | null;
}

/** Every visible profile, read straight from the table (not through the repository). */
async function visibleRows(): Promise<VisibleRow[]> {
  return t.db
    .select({
      category: modelProfiles.category,
      city: cities.slug,
      isOnline: modelProfiles.isOnline,
      hasVideo: modelProfiles.hasVideo,
      priceHour: modelProfiles.priceHour,
      age: modelProfiles.age,
      places: modelProfiles.places,
      appearance: modelProfiles.appearance,
    })
    .from(modelProfiles)
    .innerJoin(cities, eq(cities.id, modelProfiles.cityId))
    .where(
      and(
        inArray(modelProfiles.status, ['active', 'published']),
        eq(modelProfiles.isBlocked, false),
        isNull(modelProfiles.heldAt),
        or(isNull(modelProfiles.expiresAt), gt(modelProfiles.expiresAt, new Date())),
      ),
    );
}

/** The rows of `rows` that match `filters`, counted here (a missing price or appearance never matches a bound). */
function countMatching(rows: VisibleRow[], filters: Filters): number {
  const within = (value: number | null, min?: number, max?: number) =>
    (min === undefined || (value !== null && value >= min)) &&
    (max === undefined || (value !== null && value <= max));
  return rows.filter(
    (row) =>
      (!filters.category || row.category === filters.category) &&
      (!filters.city || row.city === filters.city) &&
      (!filters.online || row.isOnline) &&
      (!filters.video || row.hasVideo) &&
      within(row.priceHour, filters.priceMin, filters.priceMax) &&
      within(row.age, filters.ageMin, filters.ageMax) &&
      (!filters.place || (row.places ?? []).includes(filters.place)) &&
      (!filters.appearance ||
        (row.appearance !== null && filters.appearance.split(',').includes(row.appearance))),
  ).length;
}

/** Visible profiles matching `filters`, counted from the table's rows. */
async function countVisible(filters: Filters): Promise<number> {
  return countMatching(await visibleRows(), filters);
}

async function listingTotal(filters: Filters): Promise<number> {
  const query = new URLSearchParams(Object.entries(filters).map(([key, value]) => [key, String(value)]));
  const response = await t.app.inject({ method: 'GET', url: `/api/model?${query}` });
  expect(response.statusCode).toBe(200);
  const page = response.json<ModelListResponse>();
  expect(page.pageCount).toBe(Math.ceil(page.total / page.perPage));
  return page.total;
}

/** Every combination of the filters the counts answer, in `citySlugs` and in every city. */
function filterGrid(citySlugs: string[]): Filters[] {
  const grid: Filters[] = [];
  for (const city of [undefined, ...citySlugs]) {
    for (const category of [undefined, 'individual', 'massage'] as const) {
      for (const online of [undefined, 'true'] as const) {
        for (const video of [undefined, 'true'] as const) {
          for (const price of [
            {},
            { priceMin: 4000 },
            { priceMax: 6000 },
            { priceMin: 4500, priceMax: 5500 },
          ]) {
            grid.push({
              ...(city ? { city } : {}),
              ...(category ? { category } : {}),
              ...(online ? { online } : {}),
              ...(video ? { video } : {}),
              ...price,
            });
          }
        }
      }
    }
  }
  return grid;
}

/** (1) and (2): the maintained counts and the listing's totals are exactly right; so are the kept cards. */
async function expectExact(citySlugs: string[]): Promise<void> {
  await expectTableMatchesRecount();
  await expectCardsExact(t.db);
  const grid = filterGrid(citySlugs);
  const totals = await Promise.all(grid.map((filters) => listingTotal(filters)));
  const rows = await visibleRows();
  const expected = grid.map((filters) => countMatching(rows, filters));
  expect(grid.map((filters, i) => ({ filters, total: totals[i] }))).toEqual(
    grid.map((filters, i) => ({ filters, total: expected[i] })),
  );
}

const update = (id: number, values: Partial<typeof modelProfiles.$inferInsert>) =>
  t.db.update(modelProfiles).set(values).where(eq(modelProfiles.id, id));

describe('the maintained listing counts', () => {
  it('follow inserts of listed and unlisted profiles, and edits of each counted column', async () => {
    const city = await createCity(t.db);
    const other = await createCity(t.db);
    const listed = await createProfile(t.db, { cityId: city.id, priceHour: 5000 });
    await createProfile(t.db, { cityId: city.id, category: 'massage', isOnline: true, priceHour: 4000 });
    await createProfile(t.db, { cityId: city.id, status: 'draft' });
    await createProfile(t.db, { cityId: city.id, isBlocked: true, blockReason: 'spam' });
    await expectExact([city.slug, other.slug]);

    // One at a time, then several in one statement: category, city, flags, price.
    await update(listed.id, { category: 'massage' });
    await update(listed.id, { cityId: other.id });
    await update(listed.id, { isOnline: true, hasVideo: true });
    await update(listed.id, { priceHour: 6000 });
    await update(listed.id, { bumpedAt: new Date(), topUntil: new Date(Date.now() + 3_600_000) });
    await expectExact([city.slug, other.slug]);
    await t.db
      .update(modelProfiles)
      .set({ priceHour: sql`${modelProfiles.priceHour} + 500`, isOnline: sql`not ${modelProfiles.isOnline}` })
      .where(inArray(modelProfiles.cityId, [city.id, other.id]));
    await expectExact([city.slug, other.slug]);
  });

  it('follow moderation, a pause, edits approved again, promotions and deletion through the API', async () => {
    const city = await createCity(t.db);
    const moved = await createCity(t.db);
    const { account, agent } = await signedInModel(t, { balanceRub: 100_000 });
    const id = await sentProfile(t, agent, city.slug);
    await expectExact([city.slug, moved.slug]);

    const moderator = await createAccount(t.db, { role: 'admin' });
    await createModeration(t.app).approve(moderator.id, id);
    expect(await listingTotal({ city: city.slug })).toBe(1);
    await expectExact([city.slug, moved.slug]);

    expect((await agent.post(`/api/profiles/${id}/deactivate`)).statusCode).toBe(200);
    expect(await listingTotal({ city: city.slug })).toBe(0);
    await expectExact([city.slug]);
    expect((await agent.post(`/api/profiles/${id}/activate`)).statusCode).toBe(200);
    await expectExact([city.slug]);

    // The approved version stays listed while the edit waits; approval moves it to its new keys.
    const own = (await agent.get(`/api/profiles/${id}`)).json() as OwnProfile;
    expect(own.id).toBe(id);
    const edit = await agent.put(
      `/api/profiles/${id}`,
      completeDraft(moved.slug, {
        category: 'individual',
        prices: { hour: 4500, twoHours: 8000, night: null },
      }),
    );
    expect(edit.statusCode).toBe(200);
    expect((await agent.post(`/api/profiles/${id}/submit`)).statusCode).toBe(200);
    await expectExact([city.slug, moved.slug]);
    await createModeration(t.app).approve(moderator.id, id);
    expect(await listingTotal({ city: moved.slug, category: 'individual', priceMax: 4500 })).toBe(1);
    await expectExact([city.slug, moved.slug]);

    // Promotions: a bump and a top change the order only; video display changes a key.
    await creditBalance(t, account.id, 10_000);
    await t.db
      .insert(media)
      .values({ profileId: id, kind: 'video', url: '/media/u/x/video.mp4', isPublic: true });
    for (const promotion of ['bump', 'top', 'video']) {
      expect((await agent.post(`/api/profiles/${id}/${promotion}`)).statusCode).toBe(200);
    }
    expect(await listingTotal({ city: moved.slug, video: 'true' })).toBe(1);
    await expectExact([city.slug, moved.slug]);

    expect((await agent.delete(`/api/profiles/${id}`)).statusCode).toBe(200);
    expect(await listingTotal({ city: moved.slug })).toBe(0);
    await expectExact([city.slug, moved.slug]);
  });

  it('follow presence: a model opening and closing her cabinet', async () => {
    const city = await createCity(t.db);
    const account = await createAccount(t.db, { accountType: 'girl' });
    await createProfile(t.db, { cityId: city.id, accountId: account.id });
    await createProfile(t.db, { cityId: city.id, accountId: account.id, category: 'massage' });
    const presence = createPresenceRepository(t.db);
    await presence.setCabinetOpen(account.id, true);
    expect(await listingTotal({ city: city.slug, online: 'true' })).toBe(2);
    await expectExact([city.slug]);
    await presence.setCabinetOpen(account.id, false);
    expect(await listingTotal({ city: city.slug, online: 'true' })).toBe(0);
    await expectExact([city.slug]);
  });

  it('follow blocks of a profile and of an account, and their lifting', async () => {
    const city = await createCity(t.db);
    const owner = await createAccount(t.db, { accountType: 'girl' });
    const first = await createProfile(t.db, { cityId: city.id, accountId: owner.id });
    await createProfile(t.db, { cityId: city.id, accountId: owner.id, isOnline: true });
    const { agent: admin } = await signedInAdmin(t);

    expect(
      (await admin.post(`/api/admin-panel/profiles/${first.id}/block`, { reason: 'Чужие фото' })).statusCode,
    ).toBe(200);
    expect(await listingTotal({ city: city.slug })).toBe(1);
    await expectExact([city.slug]);
    expect((await admin.post(`/api/admin-panel/profiles/${first.id}/unblock`)).statusCode).toBe(200);
    await expectExact([city.slug]);

    expect(
      (await admin.post(`/api/admin-panel/accounts/${owner.id}/block`, { reason: 'Нарушение правил' }))
        .statusCode,
    ).toBe(200);
    expect(await listingTotal({ city: city.slug })).toBe(0);
    await expectExact([city.slug]);
    expect((await admin.post(`/api/admin-panel/accounts/${owner.id}/unblock`)).statusCode).toBe(200);
    expect(await listingTotal({ city: city.slug })).toBe(2);
    await expectExact([city.slug]);
  });

  it('follow a hold by complaints and its dismissal', async () => {
    const city = await createCity(t.db);
    const profile = await createProfile(t.db, { cityId: city.id });
    // Signed-in visitors on networks of their own: what holds a profile (complaints/hold.ts).
    for (let i = 0; i < DEFAULT_COMPLAINT_HOLD_THRESHOLD; i++) {
      const visitor = agentAt(t.app, `198.51.100.${i + 1}`);
      await visitor.signInAs((await createAccount(t.db, { accountType: 'advister' })).id);
      expect((await visitor.post(`/api/model/${profile.id}/complaints`, { reason: 'scam' })).statusCode).toBe(
        201,
      );
    }
    expect(await listingTotal({ city: city.slug })).toBe(0);
    await expectExact([city.slug]);
    const { agent: admin } = await signedInAdmin(t);
    expect((await admin.post(`/api/admin-panel/complaints/profiles/${profile.id}/dismiss`)).statusCode).toBe(
      200,
    );
    expect(await listingTotal({ city: city.slug })).toBe(1);
    await expectExact([city.slug]);
  });

  it('leave out a profile whose paid time is over before the expiry job flips it, and after', async () => {
    const city = await createCity(t.db);
    const account = await createAccount(t.db, { accountType: 'girl' });
    const expiring = await createProfile(t.db, {
      cityId: city.id,
      accountId: account.id,
      expiresAt: new Date(Date.now() + 3_600_000),
      hasVideo: true,
      videoUntil: new Date(Date.now() + 3_600_000),
    });
    await createProfile(t.db, { cityId: city.id, expiresAt: new Date(Date.now() + 86_400_000) });
    await expectExact([city.slug]);

    // Its time is over: still `active`, still in listing_counts, already out of every total.
    await update(expiring.id, { expiresAt: new Date(Date.now() - 60_000) });
    expect(await listingTotal({ city: city.slug })).toBe(1);
    expect(await listingTotal({ city: city.slug, video: 'true' })).toBe(0);
    await expectExact([city.slug]);

    // The job flips it (and ends the video it paid for): the counts follow the status.
    await update(expiring.id, { videoUntil: new Date(Date.now() - 60_000) });
    expect(await expireProfiles(t.app)).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select().from(modelProfiles).where(eq(modelProfiles.id, expiring.id));
    expect(row?.status).toBe('expired');
    expect(await listingTotal({ city: city.slug })).toBe(1);
    await expectExact([city.slug]);
  });

  it('follow deletion of an account with its profiles (a cascade), and a rolled back write', async () => {
    const city = await createCity(t.db);
    const owner = await createAccount(t.db, { accountType: 'girl' });
    await createProfile(t.db, { cityId: city.id, accountId: owner.id });
    await createProfile(t.db, { cityId: city.id, accountId: owner.id, category: 'massage' });
    const kept = await createProfile(t.db, { cityId: city.id });
    await expectExact([city.slug]);

    await t.db
      .transaction(async (tx) => {
        await tx.update(modelProfiles).set({ status: 'unactive' }).where(eq(modelProfiles.id, kept.id));
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await listingTotal({ city: city.slug })).toBe(3);
    await expectExact([city.slug]);

    await t.db.execute(sql`delete from accounts where id = ${owner.id}`);
    expect(await listingTotal({ city: city.slug })).toBe(1);
    await expectExact([city.slug]);
  });

  it('stay exact when writes come at once, and in transactions that only append', async () => {
    const city = await createCity(t.db);
    const profiles = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        createProfile(t.db, { cityId: city.id, priceHour: 4000 + (i % 3) * 500, isOnline: i % 2 === 0 }),
      ),
    );
    // Concurrent transactions (real ones on PostgreSQL): each flips a few flags of one profile.
    await Promise.all(
      profiles.map((profile, i) =>
        t.db.transaction(async (tx) => {
          await tx
            .update(modelProfiles)
            .set({ isOnline: i % 2 !== 0 })
            .where(eq(modelProfiles.id, profile.id));
          await tx
            .update(modelProfiles)
            .set({ status: i % 3 === 0 ? 'unactive' : 'active', hasVideo: i % 4 === 0 })
            .where(eq(modelProfiles.id, profile.id));
        }),
      ),
    );
    await expectExact([city.slug]);

    // Under repeatable read the trigger never merges (it appends); the sums stay exact.
    for (const profile of profiles.slice(0, 4)) {
      await t.db.transaction(
        async (tx) => {
          await tx.update(modelProfiles).set({ priceHour: 7000 }).where(eq(modelProfiles.id, profile.id));
        },
        { isolationLevel: 'repeatable read' },
      );
    }
    await expectExact([city.slug]);
    // A later write merges what those appended for its keys.
    const first = profiles[0];
    if (!first) throw new Error('no profiles');
    await update(first.id, { priceHour: 7500 });
    await expectExact([city.slug]);
  });

  it('leave the filters they do not cover to a count of rows, exact with any mix, past the cap of prepared shapes too', async () => {
    const city = await createCity(t.db);
    for (let i = 0; i < 8; i++) {
      await createProfile(t.db, {
        cityId: city.id,
        category: i % 2 ? 'massage' : 'individual',
        age: 20 + i * 3,
        priceHour: 4000 + i * 250,
        places: i % 3 ? ['apartment'] : ['apartment', 'visit'],
        // Every fourth leaves out the optional appearance and body figures: counted with the
        // filters off, never matching an appearance filter.
        appearance: i % 4 === 3 ? null : i % 4 ? 'SLAVIC' : 'ASIAN',
        ...(i % 4 === 3 ? { height: null, weight: null, boobs: null } : {}),
        isOnline: i % 2 === 0,
      });
    }
    // Every shape is a statement of its own; far more than the 64 kept prepared.
    const grid: Filters[] = [];
    for (const covered of filterGrid([city.slug]).filter((filters) => filters.city === city.slug)) {
      for (const uncovered of [
        {},
        { ageMin: 25 },
        { ageMax: 30, place: 'visit' as const },
        { appearance: 'ASIAN,SLAVIC' },
      ]) {
        grid.push({ ...covered, ...uncovered });
      }
    }
    expect(grid.length).toBeGreaterThan(64 * 2);
    const rows = await visibleRows();
    for (const filters of grid) {
      expect({ filters, total: await listingTotal(filters) }).toEqual({
        filters,
        total: countMatching(rows, filters),
      });
    }
  });

  it('give the online counter the same exact figure', async () => {
    const city = await createCity(t.db);
    await createProfile(t.db, { cityId: city.id, isOnline: true });
    await createProfile(t.db, { cityId: city.id, isOnline: true, expiresAt: new Date(Date.now() - 1000) });
    const response = await t.app.inject({ method: 'GET', url: '/api/model/online-count' });
    expect(response.json()).toEqual({ count: await countVisible({ online: 'true' }) });
  });

  it('are emptied with the table', async () => {
    await t.db.execute(sql`truncate model_profiles cascade`);
    expect(rowsOf(await t.db.execute(sql`select count(*)::int as n from listing_counts`))).toEqual([
      { n: 0 },
    ]);
    expect(await listingTotal({})).toBe(0);
  });
});

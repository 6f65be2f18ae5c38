// Reading the next page from where the last one ended (page-anchors.ts): against the database, a
// walk through the pages reads what reading each page by its number reads, a walk neither repeats
// nor skips a profile when the order moves under it, and a change the listing is told of (its
// cache's clear) sends the next read back to the page's number.
import { LISTING_PAGE_SIZE, type ModelListResponse } from 'contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelProfiles } from '../../db/schema';
import { createCity, createProfile, HOUR, hoursAgo, hoursAhead } from '../../testing/builders';
import { createTestApp, type TestApp } from '../../testing/create-test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ listingAnchorMs: 60_000 });
});

afterAll(async () => {
  await t?.close();
});

async function listPage(query: string, page: number): Promise<ModelListResponse> {
  const response = await t.app.inject(`/api/model?${query}&page=${page}`);
  expect(response.statusCode).toBe(200);
  return response.json<ModelListResponse>();
}

const ids = (page: ModelListResponse) => page.items.map((item) => item.id);

/**
 * A city of its own: more tops than a page holds, then profiles never bumped (published at a few
 * times, so many tie on it) and bumped ones, some online, at two prices and two ages. Their
 * publication times get microseconds, as PostgreSQL keeps them and a JavaScript date does not.
 */
async function cityWithListing() {
  const city = await createCity(t.db);
  const now = Date.now();
  for (let i = 0; i < LISTING_PAGE_SIZE + 2; i++) {
    await createProfile(t.db, { cityId: city.id, topUntil: hoursAhead(24), publishedAt: hoursAgo(50 + i) });
  }
  for (let i = 0; i < 50; i++) {
    await createProfile(t.db, {
      cityId: city.id,
      publishedAt: new Date(now - (1 + (i % 5)) * HOUR),
      bumpedAt: i % 3 === 0 ? new Date(now - (i % 2) * HOUR) : null,
      isOnline: i % 2 === 0,
      priceHour: i % 4 === 0 ? 12_000 : 5_000,
      age: i % 3 === 1 ? 35 : 25,
      category: i % 7 === 0 ? 'massage' : 'individual',
    });
  }
  await t.db
    .update(modelProfiles)
    .set({
      publishedAt: sql`${modelProfiles.publishedAt} + (${modelProfiles.id} % 3) * interval '1 microsecond'`,
    })
    .where(eq(modelProfiles.cityId, city.id));
  return city;
}

describe('reading the next page from where the last one ended', () => {
  it('reads every page of a walk as reading each page by its number does, for each kind of filter', async () => {
    const city = await cityWithListing();
    for (const filters of [
      `city=${city.slug}`,
      `city=${city.slug}&category=individual`,
      `city=${city.slug}&online=true`,
      `city=${city.slug}&priceMin=10000`,
      `city=${city.slug}&ageMax=30`,
    ]) {
      // Forward, page after page: from page 2 on, each page whose page before ended below the tops
      // is read after that page's last card.
      const first = await listPage(filters, 1);
      const walk = [first];
      for (let page = 2; page <= first.pageCount; page++) walk.push(await listPage(filters, page));

      // Then each page by its number alone: no anchors, and backwards so that none is made.
      t.app.listingAnchors.clear();
      const byNumber = [];
      for (let page = first.pageCount; page >= 1; page--) byNumber.unshift(await listPage(filters, page));

      expect(walk.map(ids), filters).toEqual(byNumber.map(ids));
      expect(walk.map((page) => page.items.map((item) => item.isTop))).toEqual(
        byNumber.map((page) => page.items.map((item) => item.isTop)),
      );
      const seen = walk.flatMap(ids);
      expect(new Set(seen).size, filters).toBe(first.total);
      expect(seen.length).toBe(first.total);
    }
  });

  it('reads a page opened after an earlier one as reading it by its number does', async () => {
    const city = await createCity(t.db);
    const now = Date.now();
    for (let i = 0; i < 2; i++) await createProfile(t.db, { cityId: city.id, topUntil: hoursAhead(24) });
    for (let i = 0; i < 5 * LISTING_PAGE_SIZE; i++) {
      await createProfile(t.db, { cityId: city.id, publishedAt: new Date(now - (i % 9) * HOUR) });
    }
    const filters = `city=${city.slug}`;
    // Page 1 keeps where page 2 starts; pages 5 and 3 start there, skipping the pages between.
    await listPage(filters, 1);
    const jumped = [await listPage(filters, 5), await listPage(filters, 3)];
    t.app.listingAnchors.clear();
    const byNumber = [await listPage(filters, 5), await listPage(filters, 3)];
    expect(jumped.map(ids)).toEqual(byNumber.map(ids));
    expect(jumped.map((page) => page.items.length)).toEqual([LISTING_PAGE_SIZE, LISTING_PAGE_SIZE]);
  });

  it('neither repeats nor skips a profile when the order moves under a walk, until the listing is told', async () => {
    const city = await createCity(t.db);
    for (let i = 0; i < LISTING_PAGE_SIZE + 10; i++) {
      await createProfile(t.db, { cityId: city.id, publishedAt: hoursAgo(1 + i) });
    }
    const filters = `city=${city.slug}`;
    const page1 = await listPage(filters, 1);
    const before = await listPage(filters, 2);
    t.app.listingAnchors.clear();
    await listPage(filters, 1);

    // A profile of page 2 bumped to the front, written where the listing does not hear of it.
    const moved = before.items[1]?.id ?? 0;
    await t.db.update(modelProfiles).set({ bumpedAt: new Date() }).where(eq(modelProfiles.id, moved));

    // Page 2 after page 1: the cards after page 1's last one, in the order as it is now.
    const page2 = await listPage(filters, 2);
    expect(ids(page2)).toEqual(ids(before).filter((id) => id !== moved));
    expect(ids(page2).filter((id) => ids(page1).includes(id))).toEqual([]);

    // Told of a change (what every write the listing shows does), page 2 is read by its number:
    // page 1's last card is now its first.
    t.app.listingCache.clear();
    const byNumber = await listPage(filters, 2);
    expect(ids(byNumber)).toEqual([ids(page1).at(-1), ...ids(before).filter((id) => id !== moved)]);
  });

  it('keeps an anchor per filter: another city, or another filter, reads its own page', async () => {
    const one = await cityWithListing();
    const other = await cityWithListing();
    const onePage2 = await (async () => {
      await listPage(`city=${one.slug}`, 2);
      return listPage(`city=${one.slug}`, 3);
    })();
    const otherPage3 = await listPage(`city=${other.slug}`, 3);
    const onlinePage3 = await listPage(`city=${one.slug}&online=true`, 3);
    t.app.listingAnchors.clear();
    expect(ids(otherPage3)).toEqual(ids(await listPage(`city=${other.slug}`, 3)));
    expect(ids(onlinePage3)).toEqual(ids(await listPage(`city=${one.slug}&online=true`, 3)));
    expect(ids(onePage2)).toEqual(ids(await listPage(`city=${one.slug}`, 3)));
  });
});

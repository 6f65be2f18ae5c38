import { readFileSync } from 'node:fs';
import {
  AD_PRICE_CODES,
  PRICE_LISTS,
  type PriceListResponse,
  type PricePageResponse,
  PROMOTION_PRICE_CODES,
  PUBLICATION_PRICE_CODE,
  SOLD_PRICE_CODES,
} from 'contracts';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { priceItems } from '../../db/schema';
import { seed } from '../../db/seed';
import { PRICE_SEEDS, seedPrices } from '../../db/seed-prices';
import { createTestApp, type TestApp } from '../../testing/create-test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // The start-up seed, without demo profiles: prices come with it.
  await seed(t.db, { profiles: 0 });
});

afterAll(async () => {
  await t?.close();
});

async function getList(path: string): Promise<PriceListResponse> {
  const response = await t.app.inject(`/api/tipping-prices/${path}`);
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('public, no-cache');
  return response.json<PriceListResponse>();
}

describe('price lists', () => {
  it.each([
    ['models-boosting', 'models_boosting'],
    ['additional-services', 'additional_services'],
    ['ads-boosting', 'ads_boosting'],
  ] as const)('GET /api/tipping-prices/%s answers the seeded %s list in order', async (path, list) => {
    const { items } = await getList(path);
    expect(items).toEqual(
      PRICE_SEEDS[list].map((seeded) => ({
        code: seeded.code,
        title: { ru: seeded.ru, en: seeded.en },
        mskSpbPrice: seeded.mskSpb,
        otherPrice: seeded.other,
      })),
    );
  });

  it('sells only what can be bought: publication, top, bump and video; the ad placements', async () => {
    const codes = (items: { code: string }[]) => items.map((item) => item.code);
    const page = (await t.app.inject('/api/tipping-prices')).json<PricePageResponse>();
    // The codes the cabinet's purchases and the campaigns' quotes charge, and nothing else.
    expect(codes(page.posting_models)).toEqual([
      PUBLICATION_PRICE_CODE,
      PROMOTION_PRICE_CODES.top,
      PROMOTION_PRICE_CODES.bump,
      PROMOTION_PRICE_CODES.video,
    ]);
    expect(codes(page.ads)).toEqual([AD_PRICE_CODES.mainDay, AD_PRICE_CODES.cityDay, AD_PRICE_CODES.per1000]);
    expect((await getList('additional-services')).items).toEqual([]);
    // The same rows as the contract that the price page reads (SOLD_PRICE_CODES).
    expect(codes(page.posting_models)).toEqual([
      ...SOLD_PRICE_CODES.models_boosting,
      ...SOLD_PRICE_CODES.additional_services,
    ]);
    expect(codes(page.ads)).toEqual(SOLD_PRICE_CODES.ads_boosting);
    expect(page.ads.map((item) => item.title.en)).toEqual([
      'Banner on the main page, 1 day',
      'Pinned in a city, 1 day',
      '1,000 impressions',
    ]);
  });

  it('takes what was never sold out of a database seeded before (migration 0013)', async () => {
    const retired = [
      ['additional_services', 'verified_badge'],
      ['additional_services', 'extra_photos'],
      ['additional_services', 'highlight_7_days'],
      ['additional_services', 'auto_bump_7_days'],
      ['ads_boosting', 'sidebar_banner_week'],
    ] as const;
    // The rows the first seed wrote, as an older database still holds them.
    await t.db.insert(priceItems).values(
      retired.map(([list, code], sort) => ({
        list,
        code,
        titleRu: 'Старая строка',
        titleEn: 'Old line',
        mskSpbPrice: 10,
        otherPrice: 5,
        sort: 10 + sort,
      })),
    );
    const before = await t.db.select({ n: count() }).from(priceItems);
    const migration = readFileSync(
      new URL('../../../drizzle/0013_price_items_sold_only.sql', import.meta.url),
      'utf8',
    );
    await t.db.execute(sql.raw(migration));

    for (const [list, code] of retired) {
      const left = await t.db
        .select()
        .from(priceItems)
        .where(and(eq(priceItems.list, list), eq(priceItems.code, code)));
      expect(left, code).toEqual([]);
    }
    const [after] = await t.db.select({ n: count() }).from(priceItems);
    expect(after?.n).toBe((before[0]?.n ?? 0) - retired.length);
    expect((await getList('models-boosting')).items).toHaveLength(4);
    expect((await getList('ads-boosting')).items).toHaveLength(3);
  });

  it('seeds titles in both languages and whole dollar prices, higher in Moscow and St Petersburg', async () => {
    const rows = await t.db.select().from(priceItems);
    // Nothing is sold as an additional service: that list is empty (its endpoint answers so).
    expect(new Set(rows.map((row) => row.list))).toEqual(
      new Set(PRICE_LISTS.filter((list) => list !== 'additional_services')),
    );
    for (const row of rows) {
      expect(row.titleRu, row.code).toMatch(/[а-яё]/i);
      expect(row.titleEn, row.code).toMatch(/^[\x20-\x7e]+$/);
      expect(Number.isInteger(row.mskSpbPrice) && Number.isInteger(row.otherPrice)).toBe(true);
      expect(row.otherPrice, row.code).toBeGreaterThan(0);
      expect(row.mskSpbPrice, row.code).toBeGreaterThan(row.otherPrice);
    }
    const codes = (await getList('models-boosting')).items.map((item) => item.code);
    expect(codes).toEqual(expect.arrayContaining(['publication_month', 'top_7_days', 'bump', 'video_month']));
  });

  it('GET /api/tipping-prices joins models boosting and additional services for the price page', async () => {
    const [boosting, additional, ads] = await Promise.all([
      getList('models-boosting'),
      getList('additional-services'),
      getList('ads-boosting'),
    ]);
    const response = await t.app.inject('/api/tipping-prices');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, no-cache');
    expect(response.json<PricePageResponse>()).toEqual({
      posting_models: [...boosting.items, ...additional.items],
      ads: ads.items,
    });
  });

  it('shows what an administrator changed, in the order of the sort column', async () => {
    await t.db
      .update(priceItems)
      .set({ sort: -1, mskSpbPrice: 99 })
      .where(eq(priceItems.code, 'city_pin_day'));
    const { items } = await getList('ads-boosting');
    expect(items[0]).toMatchObject({ code: 'city_pin_day', mskSpbPrice: 99 });
  });

  it('seeds only an empty table, so removed items stay removed after a restart', async () => {
    const [before] = await t.db.select({ n: count() }).from(priceItems);
    expect(await seedPrices(t.db)).toBe(false);
    await seed(t.db, { profiles: 0 });
    const [after] = await t.db.select({ n: count() }).from(priceItems);
    expect(after?.n).toBe(before?.n);

    await t.db.delete(priceItems).where(eq(priceItems.code, 'bump'));
    await seed(t.db, { profiles: 0 });
    expect((await getList('models-boosting')).items.map((item) => item.code)).not.toContain('bump');
  });

  it('is listed in the OpenAPI document', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json<{ paths: Record<string, unknown> }>();
    for (const path of ['', '/models-boosting', '/additional-services', '/ads-boosting']) {
      expect(doc.paths).toHaveProperty([`/api/tipping-prices${path}`, 'get']);
    }
  });
});

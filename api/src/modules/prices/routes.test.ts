import { PRICE_LISTS, type PriceListResponse, type PricePageResponse } from 'contracts';
import { count, eq } from 'drizzle-orm';
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

  it('seeds titles in both languages and whole dollar prices, higher in Moscow and St Petersburg', async () => {
    const rows = await t.db.select().from(priceItems);
    expect(new Set(rows.map((row) => row.list))).toEqual(new Set(PRICE_LISTS));
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

import type {
  AdminPriceItem,
  AdminSite,
  AdminSlogan,
  ApiErrorBody,
  PricePageResponse,
  SiteConstants,
} from 'contracts';
import { asc, count, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { seedPrices } from '../../db/seed-prices';
import { adminActions, priceItems } from '../../db/schema';
import { signedInAdmin } from '../../testing/admin';
import { testAppForFile } from '../../testing/create-test-app';
import { loadAdPrices } from '../campaigns/pricing';

const t = testAppForFile({ rubPerUsd: 90 }, async ({ db }) => {
  await seedPrices(db);
});

const auditCount = async (action: string) =>
  (await t.db.select({ n: count() }).from(adminActions).where(eq(adminActions.action, action)))[0]?.n ?? 0;

describe('GET /api/admin-panel/site', () => {
  it('gives the slogan and every price line by list and order', async () => {
    const { agent: admin } = await signedInAdmin(t);
    const response = await admin.get('/api/admin-panel/site');
    expect(response.statusCode).toBe(200);
    const site = response.json<AdminSite>();
    expect(site.slogan).toEqual((await t.app.inject('/api/constants')).json<SiteConstants>().siteSlogan);
    const rows = await t.db.select().from(priceItems);
    expect(site.prices).toHaveLength(rows.length);
    const order = site.prices.map((item) => `${item.list}:${String(item.sort).padStart(4, '0')}`);
    expect(order).toEqual([...order].sort());
    expect(site.prices.find((item) => item.code === 'bump')).toEqual({
      list: 'models_boosting',
      code: 'bump',
      titleRu: 'Поднятие анкеты в начало списка города',
      titleEn: 'Bump to the top of the city list',
      mskSpbPrice: 3,
      otherPrice: 2,
      sort: expect.any(Number),
    });
  });
});

describe('PUT /api/admin-panel/site/slogan', () => {
  it('sets the slogan: /constants shows it on the next request, with an audit line', async () => {
    const { agent: admin } = await signedInAdmin(t);
    const before = (await t.app.inject('/api/constants')).json<SiteConstants>().siteSlogan;

    const response = await admin.put('/api/admin-panel/site/slogan', {
      ru: '  Новый слоган ',
      en: 'New slogan',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminSlogan>()).toEqual({ slogan: { ru: 'Новый слоган', en: 'New slogan' } });

    const constants = await t.app.inject('/api/constants');
    expect(constants.json<SiteConstants>().siteSlogan).toEqual({ ru: 'Новый слоган', en: 'New slogan' });
    expect(constants.headers['cache-control']).toBe('public, no-cache');
    const [line] = await t.db.select().from(adminActions).where(eq(adminActions.action, 'site.slogan'));
    expect(line).toMatchObject({
      targetType: 'site',
      details: { before, after: { ru: 'Новый слоган', en: 'New slogan' } },
    });

    // Again: the stored row is updated, not duplicated.
    await admin.put('/api/admin-panel/site/slogan', { ru: 'Третий', en: 'Third' });
    expect((await t.app.inject('/api/constants')).json<SiteConstants>().siteSlogan).toEqual({
      ru: 'Третий',
      en: 'Third',
    });
  });

  it('refuses a blank or long slogan with 400 and changes nothing', async () => {
    const { agent: admin } = await signedInAdmin(t);
    const audits = await auditCount('site.slogan');
    const before = (await t.app.inject('/api/constants')).json<SiteConstants>().siteSlogan;
    for (const [body, fields] of [
      [{ ru: ' ', en: 'Slogan' }, { ru: 'validation.sloganRequired' }],
      [{ ru: 'Слоган', en: 'x'.repeat(121) }, { en: 'validation.sloganTooLong' }],
      [{ ru: 'Слоган' }, { en: 'validation.required' }],
    ] as const) {
      const response = await admin.put('/api/admin-panel/site/slogan', body);
      expect(response.statusCode).toBe(400);
      expect(response.json<ApiErrorBody>().fields).toEqual(fields);
    }
    expect((await t.app.inject('/api/constants')).json<SiteConstants>().siteSlogan).toEqual(before);
    expect(await auditCount('site.slogan')).toBe(audits);
  });
});

describe('PUT /api/admin-panel/site/prices/:list/:code', () => {
  it('changes a line: the price page, purchases and ad quotes use it at once, and the listing cache is cleared', async () => {
    const { agent: admin } = await signedInAdmin(t);
    const clear = vi.spyOn(t.app.listingCache, 'clear');
    const body = { titleRu: 'Поднятие', titleEn: 'Bump', mskSpbPrice: 7, otherPrice: 5 };

    const response = await admin.put('/api/admin-panel/site/prices/models_boosting/bump', body);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<AdminPriceItem>()).toEqual({
      list: 'models_boosting',
      code: 'bump',
      ...body,
      sort: expect.any(Number),
    });
    expect(clear).toHaveBeenCalled();
    clear.mockRestore();

    const page = await t.app.inject('/api/tipping-prices');
    expect(page.headers['cache-control']).toBe('public, no-cache');
    expect(page.json<PricePageResponse>().posting_models.find((item) => item.code === 'bump')).toEqual({
      code: 'bump',
      title: { ru: 'Поднятие', en: 'Bump' },
      mskSpbPrice: 7,
      otherPrice: 5,
    });
    expect(await t.app.pricing.kopecksOf(t.db, 'models_boosting', 'bump', 'moscow')).toBe(7 * 90 * 100);

    const ads = await admin.put('/api/admin-panel/site/prices/ads_boosting/city_pin_day', {
      titleRu: 'Закреп в городе, день',
      titleEn: 'City pin, a day',
      mskSpbPrice: 40,
      otherPrice: 33,
    });
    expect(ads.statusCode, ads.body).toBe(200);
    expect((await loadAdPrices(t.db)).cityDay).toEqual({ mskSpb: 40, other: 33 });

    const [line] = await t.db
      .select()
      .from(adminActions)
      .where(eq(adminActions.action, 'site.price'))
      .orderBy(asc(adminActions.id))
      .limit(1);
    expect(line).toMatchObject({
      targetType: 'site',
      details: { list: 'models_boosting', code: 'bump', after: { mskSpbPrice: 7 } },
    });
  });

  it('answers 404 for an unknown line and 400 for bad input, changing nothing', async () => {
    const { agent: admin } = await signedInAdmin(t);
    const good = { titleRu: 'Название', titleEn: 'Title', mskSpbPrice: 1, otherPrice: 1 };
    const missing = await admin.put('/api/admin-panel/site/prices/models_boosting/no_such_item', good);
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ApiErrorBody>().code).toBe('NOT_FOUND');
    const badList = await admin.put('/api/admin-panel/site/prices/posting/bump', good);
    expect(badList.statusCode).toBe(400);
    expect(badList.json<ApiErrorBody>().fields).toEqual({ list: 'validation.invalidPriceList' });
    const before = await t.db.select().from(priceItems).where(eq(priceItems.code, 'top_7_days'));
    for (const [body, fields] of [
      [{ ...good, mskSpbPrice: -1 }, { mskSpbPrice: 'validation.invalidPrice' }],
      [{ ...good, otherPrice: 1.5 }, { otherPrice: 'validation.invalidPrice' }],
      [{ ...good, otherPrice: 1_000_001 }, { otherPrice: 'validation.invalidPrice' }],
      [{ ...good, titleEn: '' }, { titleEn: 'validation.priceTitleRequired' }],
      [{ ...good, titleRu: 'я'.repeat(121) }, { titleRu: 'validation.priceTitleTooLong' }],
    ] as const) {
      const response = await admin.put('/api/admin-panel/site/prices/models_boosting/top_7_days', body);
      expect(response.statusCode).toBe(400);
      expect(response.json<ApiErrorBody>().fields).toEqual(fields);
    }
    expect(await t.db.select().from(priceItems).where(eq(priceItems.code, 'top_7_days'))).toEqual(before);
  });
});

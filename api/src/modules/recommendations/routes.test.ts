import {
  type ApiErrorBody,
  MODEL_ALTERNATIVES_LIMIT,
  type ModelAlternativesResponse,
  type ModelListResponse,
  RECOMMENDATIONS_LIMIT,
  type RecommendationsResponse,
} from 'contracts';
import { contractsLocales } from 'contracts/locales';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { modelProfiles } from '../../db/schema';
import { seedCatalog } from '../../db/seed';
import { type Agent, createAgent } from '../../testing/agent';
import { createCity, createProfile, HOUR, hoursAgo } from '../../testing/builders';
import { createTestApp, type TestApp } from '../../testing/create-test-app';

let t: TestApp;
let agent: Agent;

beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog(t.db);
});

beforeEach(async () => {
  // "Same category in other cities" reaches across the whole table: each test starts empty.
  await t.db.delete(modelProfiles);
  agent = createAgent(t.app);
});

afterAll(async () => {
  await t?.close();
});

async function recommend(id: unknown, headers?: Record<string, string>) {
  return agent.post('/api/recommendations', { id }, headers ? { headers } : {});
}

async function recommendedIds(id: number): Promise<number[]> {
  const response = await recommend(id);
  expect(response.statusCode).toBe(200);
  return response.json<RecommendationsResponse>().items.map((item) => item.id);
}

describe('POST /api/recommendations', () => {
  it('puts the same city and category first, then the category elsewhere, then the city', async () => {
    const [home, away] = [await createCity(t.db), await createCity(t.db)];
    const source = await createProfile(t.db, { cityId: home.id, category: 'massage' });
    const at = (cityId: number, category: 'massage' | 'elite', overrides = {}) =>
      createProfile(t.db, { cityId, category, ...overrides });

    // Created out of order, so that insertion order cannot pass for the right one.
    const cityOnly = await at(home.id, 'elite', { publishedAt: hoursAgo(1) });
    const categoryOnlyOld = await at(away.id, 'massage', { publishedAt: hoursAgo(30) });
    const bothOld = await at(home.id, 'massage', { publishedAt: hoursAgo(50) });
    const categoryOnlyBumped = await at(away.id, 'massage', {
      bumpedAt: hoursAgo(2),
      publishedAt: hoursAgo(90),
    });
    const bothTop = await at(home.id, 'massage', {
      topUntil: new Date(Date.now() + 24 * HOUR),
      publishedAt: hoursAgo(100),
    });
    const bothNew = await at(home.id, 'massage', { publishedAt: hoursAgo(3) });
    await at(away.id, 'elite'); // neither the city nor the category
    await at(home.id, 'massage', { status: 'draft' });
    await at(home.id, 'massage', { isBlocked: true, blockReason: 'Повторная анкета' });
    await at(away.id, 'massage', { status: 'rejected' });

    expect(await recommendedIds(source.id)).toEqual([
      bothTop.id,
      bothNew.id,
      bothOld.id,
      categoryOnlyBumped.id,
      categoryOnlyOld.id,
      cityOnly.id,
    ]);
  });

  it(`answers at most ${RECOMMENDATIONS_LIMIT}, never the profile itself`, async () => {
    const city = await createCity(t.db);
    const source = await createProfile(t.db, { cityId: city.id, publishedAt: hoursAgo(1) });
    const others = [];
    for (let i = 0; i < RECOMMENDATIONS_LIMIT + 3; i++) {
      others.push(await createProfile(t.db, { cityId: city.id, publishedAt: hoursAgo(10 + i) }));
    }
    const ids = await recommendedIds(source.id);
    expect(ids).toEqual(others.slice(0, RECOMMENDATIONS_LIMIT).map((profile) => profile.id));
    expect(ids).not.toContain(source.id);
  });

  it('never recommends a profile whose paid time is over', async () => {
    const city = await createCity(t.db);
    const source = await createProfile(t.db, { cityId: city.id });
    const current = await createProfile(t.db, { cityId: city.id, expiresAt: new Date(Date.now() + HOUR) });
    await createProfile(t.db, { cityId: city.id, expiresAt: hoursAgo(1) });
    expect(await recommendedIds(source.id)).toEqual([current.id]);
  });

  it('answers an empty list when nothing is similar', async () => {
    const source = await createProfile(t.db, { category: 'bdsm' });
    await createProfile(t.db, { category: 'elite' });
    expect(await recommendedIds(source.id)).toEqual([]);
  });

  it('shows the same cards as the listing, and accepts the id as a digit string', async () => {
    const city = await createCity(t.db);
    const source = await createProfile(t.db, { cityId: city.id });
    await createProfile(t.db, { cityId: city.id, name: 'Вероника', hasVideo: true }, { photos: [4, 2] });
    await createProfile(t.db, { cityId: city.id, publishedAt: hoursAgo(40) }, { photos: [] });

    const response = await recommend(String(source.id), { 'accept-language': 'en' });
    const listing = await t.app.inject({
      url: `/api/model?city=${city.slug}`,
      headers: { 'accept-language': 'en' },
    });
    const listed = listing.json<ModelListResponse>().items.filter((item) => item.id !== source.id);
    expect(response.json<RecommendationsResponse>().items).toEqual(listed);
    expect(listed[0]?.photo?.alt).toBe('Вероника, photo 1');
    expect(listed[1]?.photo).toBeNull();
  });

  it('answers 404 MODEL_NOT_FOUND for a missing, blocked, unpublished or expired profile', async () => {
    const blocked = await createProfile(t.db, { isBlocked: true, blockReason: 'Повторная анкета' });
    const draft = await createProfile(t.db, { status: 'draft' });
    const pending = await createProfile(t.db, { status: 'pending' });
    const expired = await createProfile(t.db, { expiresAt: new Date(Date.now() - 60_000) });
    for (const id of [999_999_999, blocked.id, draft.id, pending.id, expired.id]) {
      const response = await recommend(id);
      expect(response.statusCode).toBe(404);
      expect(response.json<ApiErrorBody>()).toEqual({
        code: 'MODEL_NOT_FOUND',
        message: contractsLocales.ru.errors.MODEL_NOT_FOUND,
      });
    }
  });

  it.each([
    ['no id', {}, 'id'],
    ['zero', { id: 0 }, 'id'],
    ['a negative id', { id: -4 }, 'id'],
    ['a fraction', { id: 1.5 }, 'id'],
    ['an id past int4', { id: 2_147_483_648 }, 'id'],
    ['a word', { id: 'abc' }, 'id'],
    ['an id with leading zeros', { id: '007' }, 'id'],
    ['a list', [1], 'id'],
    ['a number for a body', 7, ''],
  ])('answers 400 for %s', async (_name, body, field) => {
    const response = await agent.post('/api/recommendations', body);
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { [field]: 'validation.invalidId' },
    });
  });

  it('answers 400 for a body that is not JSON, and 403 without the CSRF header', async () => {
    const broken = await agent.post('/api/recommendations', '{"id": 1', {
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    const source = await createProfile(t.db);
    const forged = await agent.post('/api/recommendations', { id: source.id }, { withoutCsrf: true });
    expect(forged.statusCode).toBe(403);
    expect(forged.json<ApiErrorBody>().code).toBe('CSRF_FAILED');
  });
});

describe('GET /api/model/:id/alternatives', () => {
  async function alternatives(id: number | string, locale = 'ru') {
    const response = await t.app.inject({
      url: `/api/model/${id}/alternatives`,
      headers: { 'accept-language': locale },
    });
    expect(response.statusCode).toBe(200);
    return response.json<ModelAlternativesResponse>();
  }

  it('offers profiles from where a blocked profile was listed: its city and category first', async () => {
    const [home, away] = [await createCity(t.db), await createCity(t.db)];
    const gone = await createProfile(t.db, {
      cityId: home.id,
      category: 'massage',
      isBlocked: true,
      blockReason: 'Чужие фото',
    });
    const categoryElsewhere = await createProfile(t.db, { cityId: away.id, category: 'massage' });
    const cityOther = await createProfile(t.db, {
      cityId: home.id,
      category: 'elite',
      publishedAt: hoursAgo(1),
    });
    const both = await createProfile(t.db, {
      cityId: home.id,
      category: 'massage',
      publishedAt: hoursAgo(5),
    });
    await createProfile(t.db, { cityId: away.id, category: 'bdsm' });

    const answer = await alternatives(gone.id, 'en');
    expect(answer.category).toBe('massage');
    expect(answer.city).toEqual({ slug: home.slug, name: { ru: home.nameRu, en: home.nameEn } });
    expect(answer.items.map((item) => item.id)).toEqual([both.id, categoryElsewhere.id, cityOther.id]);
    expect(answer.items[0]?.city.name.en).toBe(home.nameEn);
  });

  it(`offers at most ${MODEL_ALTERNATIVES_LIMIT}, of a hidden or expired profile too`, async () => {
    const city = await createCity(t.db);
    const hidden = await createProfile(t.db, { cityId: city.id, status: 'unactive' });
    const expired = await createProfile(t.db, { cityId: city.id, expiresAt: hoursAgo(1) });
    const listed = [];
    for (let i = 0; i < MODEL_ALTERNATIVES_LIMIT + 2; i++) {
      listed.push(await createProfile(t.db, { cityId: city.id, publishedAt: hoursAgo(10 + i) }));
    }
    for (const gone of [hidden, expired]) {
      const answer = await alternatives(gone.id);
      expect(answer.city?.slug).toBe(city.slug);
      expect(answer.items.map((item) => item.id)).toEqual(
        listed.slice(0, MODEL_ALTERNATIVES_LIMIT).map((profile) => profile.id),
      );
    }
  });

  it("names no place for an id that never existed or a draft, and offers the listing's first", async () => {
    const city = await createCity(t.db);
    const draft = await createProfile(t.db, {
      cityId: city.id,
      category: 'bdsm',
      status: 'draft',
      publishedAt: null,
    });
    const older = await createProfile(t.db, { category: 'elite', publishedAt: hoursAgo(20) });
    const top = await createProfile(t.db, {
      category: 'massage',
      topUntil: new Date(Date.now() + 24 * HOUR),
      publishedAt: hoursAgo(50),
    });
    const newest = await createProfile(t.db, { category: 'individual', publishedAt: hoursAgo(1) });

    for (const id of [999_999_999, draft.id]) {
      expect(await alternatives(id)).toMatchObject({ category: null, city: null });
      expect((await alternatives(id)).items.map((item) => item.id)).toEqual([top.id, newest.id, older.id]);
    }
  });

  it("offers the listing's first, and no place, when nothing is left where the profile was", async () => {
    const gone = await createProfile(t.db, { category: 'bdsm', isBlocked: true, blockReason: 'Спам' });
    const other = await createProfile(t.db, { category: 'elite' });
    expect(await alternatives(gone.id)).toMatchObject({
      category: null,
      city: null,
      items: [{ id: other.id }],
    });
  });

  it.each(['0', 'abc', '007', '2147483648'])('answers 400 for the id %s', async (id) => {
    const response = await t.app.inject(`/api/model/${id}/alternatives`);
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>().code).toBe('VALIDATION_FAILED');
  });
});

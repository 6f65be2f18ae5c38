import type {
  ApiErrorBody,
  ModelListResponse,
  OwnProfile,
  ProfileDraft,
  ProfileViewsResponse,
} from 'contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedPrices } from '../../db/seed-prices';
import { accounts, complaints, modelProfiles, notifications, profileViews } from '../../db/schema';
import { analyticsDay } from '../../lib/visitor';
import { createAgent } from '../../testing/agent';
import { createAccount, createCity, createProfile } from '../../testing/builders';
import { signedInModel } from '../../testing/admin';
import { testAppForFile } from '../../testing/create-test-app';
import { addDraftPhoto, completeDraft, ensureClassicMassage } from '../../testing/profiles';
import { verifyBalances } from '../ledger/repository';
import { createModeration } from './moderation';

const t = testAppForFile({ rubPerUsd: 90 }, async ({ db }) => {
  await seedPrices(db);
  await ensureClassicMassage(db);
});

/** 20 dollars (another city's month) at 90 rubles: 1800 rubles. */
const MONTH_RUB = 1800;

const girl = (balanceRub = 10_000) => signedInModel(t, { balanceRub });

async function admin() {
  const account = await createAccount(t.db, { accountType: 'girl', role: 'admin' });
  return account;
}

async function listed(city: string): Promise<number[]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/model?city=${city}` });
  return (response.json() as ModelListResponse).items.map((item) => item.id);
}

async function balanceOf(accountId: number): Promise<number> {
  const [row] = await t.db.select().from(accounts).where(eq(accounts.id, accountId));
  return Number(row?.balanceKopecks) / 100;
}

describe('a model profile from draft to the catalogue', () => {
  it('is created, saved, sent (paying a month), approved and then listed in its city', async () => {
    const city = await createCity(t.db);
    const { account, agent } = await girl();

    const created = await agent.post('/api/profiles', { name: 'Вера', category: 'massage' });
    expect(created.statusCode).toBe(201);
    const draft = created.json() as OwnProfile;
    expect(draft).toMatchObject({ status: 'draft', complete: false, actions: ['save', 'delete'] });
    expect(draft.problems).toHaveProperty('city');

    const saved = await agent.put(`/api/profiles/${draft.id}`, completeDraft(city.slug));
    expect(saved.statusCode).toBe(200);
    // Still no file: the form is whole, the profile is not.
    expect(saved.json()).toMatchObject({
      status: 'draft',
      complete: false,
      problems: { media: 'validation.mediaRequired' },
    });

    await addDraftPhoto(t.db, draft.id);
    const withPhoto = (await agent.get(`/api/profiles/${draft.id}`)).json() as OwnProfile;
    expect(withPhoto).toMatchObject({
      status: 'saved',
      complete: true,
      changed: true,
      monthPrice: MONTH_RUB,
    });

    const sent = await agent.post(`/api/profiles/${draft.id}/submit`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({
      profile: { status: 'pending', prepaidMonths: 1 },
      balance: 10_000 - MONTH_RUB,
    });
    expect(await listed(city.slug)).toEqual([]);

    const moderator = await admin();
    await createModeration(t.app).approve(moderator.id, draft.id);
    expect(await listed(city.slug)).toEqual([draft.id]);

    const active = (await agent.get(`/api/profiles/${draft.id}`)).json() as OwnProfile;
    expect(active).toMatchObject({ status: 'active', review: null, prepaidMonths: 0, changed: false });
    const days = (Date.parse(active.expiresAt ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(27);
    expect(days).toBeLessThan(32);

    const kinds = await t.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.accountId, account.id));
    expect(kinds.map((row) => row.kind)).toEqual(['profile_approved']);
    expect(await verifyBalances(t.db)).toEqual({ accounts: [], transactions: [] });
  });

  it('answers "change at least one field" when an unchanged profile is sent again', async () => {
    const city = await createCity(t.db);
    const { agent } = await girl();
    const { id } = (await agent.post('/api/profiles', completeDraft(city.slug))).json() as OwnProfile;
    await addDraftPhoto(t.db, id);
    expect((await agent.post(`/api/profiles/${id}/submit`)).statusCode).toBe(200);
    const moderator = await admin();
    await createModeration(t.app).reject(moderator.id, id, 'Фото не соответствует правилам');

    const rejected = (await agent.get(`/api/profiles/${id}`)).json() as OwnProfile;
    expect(rejected).toMatchObject({
      status: 'rejected',
      rejectReason: 'Фото не соответствует правилам',
      changed: false,
    });

    const again = await agent.post(`/api/profiles/${id}/submit`, undefined, {
      headers: { 'accept-language': 'en' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'UPDATE_REQUIRED',
      message: 'Change at least one field before publishing or saving',
    });

    await agent.put(`/api/profiles/${id}`, completeDraft(city.slug, { age: 28 }));
    const resent = await agent.post(`/api/profiles/${id}/submit`);
    expect(resent.statusCode).toBe(200);
    // The first month was paid with the first submission.
    expect(resent.json()).toMatchObject({
      profile: { status: 'pending', rejectReason: null },
      balance: 10_000 - MONTH_RUB,
    });
  });

  it('keeps the approved version listed while an edit waits for moderation', async () => {
    const city = await createCity(t.db);
    const { agent } = await girl();
    const { id } = (await agent.post('/api/profiles', completeDraft(city.slug))).json() as OwnProfile;
    await addDraftPhoto(t.db, id);
    await agent.post(`/api/profiles/${id}/submit`);
    const moderator = await admin();
    const moderation = createModeration(t.app);
    await moderation.approve(moderator.id, id);

    await agent.put(
      `/api/profiles/${id}`,
      completeDraft(city.slug, { name: 'Новое имя', description: 'Непроверенный текст' }),
    );
    const edited = (await agent.post(`/api/profiles/${id}/submit`)).json() as { profile: OwnProfile };
    expect(edited.profile).toMatchObject({ status: 'active', review: 'pending' });

    const page = await t.app.inject({ method: 'GET', url: `/api/model/${id}` });
    expect(page.json()).toMatchObject({
      name: 'Вера',
      description: 'Спокойный классический массаж в уютной студии.',
    });

    await moderation.reject(moderator.id, id, 'Текст нарушает правила');
    expect((await agent.get(`/api/profiles/${id}`)).json()).toMatchObject({
      status: 'active',
      review: 'rejected',
    });
    expect((await t.app.inject({ method: 'GET', url: `/api/model/${id}` })).json()).toMatchObject({
      name: 'Вера',
    });

    await agent.put(
      `/api/profiles/${id}`,
      completeDraft(city.slug, { name: 'Новое имя', description: 'Исправленный текст' }),
    );
    await agent.post(`/api/profiles/${id}/submit`);
    await moderation.approve(moderator.id, id);
    expect((await t.app.inject({ method: 'GET', url: `/api/model/${id}` })).json()).toMatchObject({
      name: 'Новое имя',
      description: 'Исправленный текст',
    });
  });

  it('refuses to send with too little balance, changing nothing', async () => {
    const city = await createCity(t.db);
    const { account, agent } = await girl(100);
    const { id } = (await agent.post('/api/profiles', completeDraft(city.slug))).json() as OwnProfile;
    await addDraftPhoto(t.db, id);
    const response = await agent.post(`/api/profiles/${id}/submit`);
    expect(response.statusCode).toBe(402);
    expect((response.json() as ApiErrorBody).code).toBe('INSUFFICIENT_BALANCE');
    expect(await balanceOf(account.id)).toBe(100);
    expect((await agent.get(`/api/profiles/${id}`)).json()).toMatchObject({
      status: 'saved',
      prepaidMonths: 0,
    });
  });

  it('refuses an incomplete profile with the fields that are missing', async () => {
    const { agent } = await girl();
    const { id } = (
      await agent.post('/api/profiles', { name: 'Вера', category: 'elite' })
    ).json() as OwnProfile;
    const response = await agent.post(`/api/profiles/${id}/submit`);
    expect(response.statusCode).toBe(409);
    const body = response.json() as ApiErrorBody;
    expect(body.code).toBe('PROFILE_INCOMPLETE');
    expect(body.fields).toMatchObject({ city: expect.any(String), media: 'validation.mediaRequired' });
  });

  it('refuses transitions the table does not allow with 409, changing nothing', async () => {
    const { agent } = await girl();
    const { id } = (
      await agent.post('/api/profiles', { name: 'Вера', category: 'elite' })
    ).json() as OwnProfile;
    for (const action of ['extend', 'deactivate', 'activate']) {
      const response = await agent.post(`/api/profiles/${id}/${action}`);
      expect(response.statusCode).toBe(409);
      expect((response.json() as ApiErrorBody).code).toBe('TRANSITION_NOT_ALLOWED');
    }
    expect((await agent.get(`/api/profiles/${id}`)).json()).toMatchObject({ status: 'draft' });
  });

  it('validates saved fields with the form rules and the catalogue (city, metro, services)', async () => {
    const { agent } = await girl();
    const { id } = (
      await agent.post('/api/profiles', { name: 'Вера', category: 'elite' })
    ).json() as OwnProfile;
    const bad = await agent.put(`/api/profiles/${id}`, { name: 'В', age: 17 });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as ApiErrorBody).fields).toEqual({
      name: 'validation.nameTooShort',
      age: 'validation.ageMin',
    });
    const unknown = await agent.put(`/api/profiles/${id}`, {
      name: 'Вера',
      city: 'atlantis',
      services: [{ category: 'massage', code: 'no-such' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect((unknown.json() as ApiErrorBody).fields).toEqual({
      city: 'validation.invalidCity',
      'services.0': 'validation.invalidService',
    });
    expect((await agent.get(`/api/profiles/${id}`)).json()).toMatchObject({
      draft: { name: 'Вера', category: 'elite' },
    });
  });

  it('extends an active profile by a month and lists an expired one again', async () => {
    const city = await createCity(t.db);
    const { agent } = await girl();
    const { id } = (await agent.post('/api/profiles', completeDraft(city.slug))).json() as OwnProfile;
    await addDraftPhoto(t.db, id);
    await agent.post(`/api/profiles/${id}/submit`);
    await createModeration(t.app).approve((await admin()).id, id);
    const before = (await agent.get(`/api/profiles/${id}`)).json() as OwnProfile;

    const extended = await agent.post(`/api/profiles/${id}/extend`);
    expect(extended.statusCode).toBe(200);
    const after = (extended.json() as { profile: OwnProfile; balance: number }).profile;
    const addedDays = (Date.parse(after.expiresAt ?? '') - Date.parse(before.expiresAt ?? '')) / 86_400_000;
    expect(addedDays).toBeGreaterThanOrEqual(28);
    expect(addedDays).toBeLessThanOrEqual(31);
    expect((extended.json() as { balance: number }).balance).toBe(10_000 - 3 * MONTH_RUB + MONTH_RUB);

    await t.db
      .update(modelProfiles)
      .set({ status: 'expired', expiresAt: new Date(Date.now() - 1000) })
      .where(eq(modelProfiles.id, id));
    expect(await listed(city.slug)).toEqual([]);
    const renewed = await agent.post(`/api/profiles/${id}/extend`);
    expect((renewed.json() as { profile: OwnProfile }).profile.status).toBe('active');
    expect(await listed(city.slug)).toEqual([id]);
  });

  it('deletes a never-approved profile and refunds its unstarted month', async () => {
    const city = await createCity(t.db);
    const { account, agent } = await girl();
    const { id } = (await agent.post('/api/profiles', completeDraft(city.slug))).json() as OwnProfile;
    await addDraftPhoto(t.db, id);
    await agent.post(`/api/profiles/${id}/submit`);
    expect(await balanceOf(account.id)).toBe(10_000 - MONTH_RUB);
    expect((await agent.delete(`/api/profiles/${id}`)).statusCode).toBe(200);
    expect(await balanceOf(account.id)).toBe(10_000);
    expect((await agent.get(`/api/profiles/${id}`)).statusCode).toBe(404);
    expect(await verifyBalances(t.db)).toEqual({ accounts: [], transactions: [] });
  });
});

describe('height, weight, bust size and appearance are optional', () => {
  /** completeDraft without the four optional fields. */
  function withoutBody(city: string): Partial<ProfileDraft> {
    const { height: _h, weight: _w, boobs: _b, appearance: _a, ...rest } = completeDraft(city);
    return rest;
  }
  const NONE = { height: null, weight: null, boobs: null, appearance: null };

  it('creates, sends and lists a profile without them; the catalogue answers null, never 0', async () => {
    const city = await createCity(t.db);
    const { agent } = await girl();
    const created = await agent.post('/api/profiles', withoutBody(city.slug));
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as OwnProfile;
    await addDraftPhoto(t.db, id);
    const saved = (await agent.get(`/api/profiles/${id}`)).json() as OwnProfile;
    expect(saved).toMatchObject({ status: 'saved', complete: true, problems: {} });
    expect(saved.draft).not.toHaveProperty('height');

    const sent = await agent.post(`/api/profiles/${id}/submit`);
    expect(sent.statusCode).toBe(200);
    await createModeration(t.app).approve((await admin()).id, id);
    expect(await listed(city.slug)).toEqual([id]);

    const page = await t.app.inject({ method: 'GET', url: `/api/model/${id}` });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ ...NONE, age: 27, name: 'Вера' });
    const [row] = await t.db.select().from(modelProfiles).where(eq(modelProfiles.id, id));
    expect(row).toMatchObject(NONE);
  });

  it('clears them from an approved profile when the editor saves them blank', async () => {
    const city = await createCity(t.db);
    const { agent } = await girl();
    const { id } = (await agent.post('/api/profiles', completeDraft(city.slug))).json() as OwnProfile;
    await addDraftPhoto(t.db, id);
    await agent.post(`/api/profiles/${id}/submit`);
    const moderation = createModeration(t.app);
    const moderator = await admin();
    await moderation.approve(moderator.id, id);
    expect((await t.app.inject({ method: 'GET', url: `/api/model/${id}` })).json()).toMatchObject({
      height: 170,
      appearance: 'SLAVIC',
    });

    // The editor sends a cleared input as blank text.
    const cleared = await agent.put(
      `/api/profiles/${id}`,
      completeDraft(city.slug, { height: '', weight: '', boobs: '', appearance: '' }),
    );
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json()).toMatchObject({ complete: true, changed: true });
    expect((cleared.json() as OwnProfile).draft).not.toHaveProperty('appearance');
    expect((await agent.post(`/api/profiles/${id}/submit`)).statusCode).toBe(200);
    await moderation.approve(moderator.id, id);
    expect((await t.app.inject({ method: 'GET', url: `/api/model/${id}` })).json()).toMatchObject(NONE);
  });

  it('refuses them out of range on create, save and send, changing nothing', async () => {
    const city = await createCity(t.db);
    const { agent } = await girl();
    const refused = await agent.post('/api/profiles', { ...withoutBody(city.slug), height: 201 });
    expect(refused.statusCode).toBe(400);
    expect((refused.json() as ApiErrorBody).fields).toEqual({ height: 'validation.heightMax' });

    const { id } = (await agent.post('/api/profiles', withoutBody(city.slug))).json() as OwnProfile;
    const bad = await agent.put(`/api/profiles/${id}`, {
      ...withoutBody(city.slug),
      height: 149,
      weight: 301,
      boobs: -1,
      appearance: 'ELF',
    });
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as ApiErrorBody).fields).toEqual({
      height: 'validation.heightMin',
      weight: 'validation.weightMax',
      boobs: 'validation.boobsMin',
      appearance: 'validation.invalidAppearance',
    });
    const kept = (await agent.get(`/api/profiles/${id}`)).json() as OwnProfile;
    expect(kept.draft).not.toHaveProperty('height');

    // A working version stored before the rule (or written around it) is refused when sent.
    await addDraftPhoto(t.db, id);
    await t.db
      .update(modelProfiles)
      .set({ revision: { ...withoutBody(city.slug), boobs: 13 } })
      .where(eq(modelProfiles.id, id));
    const sent = await agent.post(`/api/profiles/${id}/submit`);
    expect(sent.statusCode).toBe(409);
    expect((sent.json() as ApiErrorBody).fields).toEqual({ boobs: 'validation.boobsMax' });
  });
});

describe('money under concurrency', () => {
  it('charges one month when the same profile is sent ten times at once', async () => {
    const city = await createCity(t.db);
    const { account, agent } = await girl();
    const { id } = (await agent.post('/api/profiles', completeDraft(city.slug))).json() as OwnProfile;
    await addDraftPhoto(t.db, id);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => agent.post(`/api/profiles/${id}/submit`)),
    );
    const codes = answers.map((response) => response.statusCode).sort();
    // One is sent; the others find it sent already (the table has no submit from pending).
    expect(codes).toEqual([200, ...Array(9).fill(409)]);
    expect(await balanceOf(account.id)).toBe(10_000 - MONTH_RUB);
    expect(await verifyBalances(t.db)).toEqual({ accounts: [], transactions: [] });
  });

  it('never overdraws: a balance for two months pays for two of five profiles sent at once', async () => {
    const city = await createCity(t.db);
    const { account, agent } = await girl(2 * MONTH_RUB);
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const { id } = (await agent.post('/api/profiles', completeDraft(city.slug))).json() as OwnProfile;
      await addDraftPhoto(t.db, id);
      ids.push(id);
    }
    const answers = await Promise.all(ids.map((id) => agent.post(`/api/profiles/${id}/submit`)));
    const codes = answers.map((response) => response.statusCode).sort();
    expect(codes).toEqual([200, 200, 402, 402, 402]);
    expect(await balanceOf(account.id)).toBe(0);
    expect(await verifyBalances(t.db)).toEqual({ accounts: [], transactions: [] });
  });
});

describe("a profile's views and complaints", () => {
  it('gives the owner views per day and complaints per reason, never who sent them', async () => {
    const city = await createCity(t.db);
    const { account, agent } = await girl();
    const profile = await createProfile(t.db, { cityId: city.id, accountId: account.id });
    const today = analyticsDay();
    await t.db.insert(profileViews).values([
      { profileId: profile.id, day: today, visitorKey: 'a' },
      { profileId: profile.id, day: today, visitorKey: 'b' },
    ]);
    await t.db.insert(complaints).values([
      { profileId: profile.id, reason: 'scam', visitorKey: 'v1', day: today },
      { profileId: profile.id, reason: 'scam', visitorKey: 'v2', day: today },
      { profileId: profile.id, reason: 'fake_photos', visitorKey: 'v3', day: today },
    ]);

    const views = await agent.get(`/api/profiles/${profile.id}/views?days=7`);
    expect(views.statusCode).toBe(200);
    const body = views.json() as ProfileViewsResponse;
    expect(body.days).toHaveLength(7);
    expect(body.days.at(-1)).toEqual({ day: today, views: 2 });
    expect(body.total).toBe(2);
    expect((await agent.get(`/api/profiles/${profile.id}/views?days=91`)).statusCode).toBe(400);

    const reported = await agent.get(`/api/profiles/${profile.id}/complaints`);
    expect(reported.json()).toMatchObject({
      total: 3,
      items: [
        { reason: 'scam', count: 2 },
        { reason: 'fake_photos', count: 1 },
      ],
    });
    expect(reported.body).not.toContain('v1');

    const { agent: other } = await girl(0);
    expect((await other.get(`/api/profiles/${profile.id}/views`)).statusCode).toBe(404);
    expect((await other.get(`/api/profiles/${profile.id}/complaints`)).statusCode).toBe(404);
  });
});

describe('only the owner reaches a profile', () => {
  it('answers 404 to another girl on every route, and changes nothing', async () => {
    const city = await createCity(t.db);
    const { agent: owner } = await girl();
    const { id } = (await owner.post('/api/profiles', completeDraft(city.slug))).json() as OwnProfile;
    await addDraftPhoto(t.db, id);
    const { agent: other } = await girl();
    const calls = [
      () => other.get(`/api/profiles/${id}`),
      () => other.put(`/api/profiles/${id}`, completeDraft(city.slug, { name: 'Чужая' })),
      () => other.post(`/api/profiles/${id}/submit`),
      () => other.post(`/api/profiles/${id}/extend`),
      () => other.post(`/api/profiles/${id}/deactivate`),
      () => other.post(`/api/profiles/${id}/activate`),
      () => other.get(`/api/profiles/${id}/views`),
      () => other.get(`/api/profiles/${id}/complaints`),
      () => other.delete(`/api/profiles/${id}`),
    ];
    for (const call of calls) {
      const response = await call();
      expect(response.statusCode).toBe(404);
      expect((response.json() as ApiErrorBody).code).toBe('MODEL_NOT_FOUND');
    }
    expect(((await other.get('/api/profiles')).json() as { items: unknown[] }).items).toEqual([]);
    expect((await owner.get(`/api/profiles/${id}`)).json()).toMatchObject({
      status: 'saved',
      draft: { name: 'Вера' },
    });
  });

  it('refuses guests with 401 and advertisers with 403', async () => {
    const guest = createAgent(t.app);
    expect((await guest.get('/api/profiles')).statusCode).toBe(401);
    const advertiser = await createAccount(t.db, { accountType: 'advister' });
    const agent = createAgent(t.app);
    await agent.signInAs(advertiser.id);
    expect((await agent.get('/api/profiles')).statusCode).toBe(403);
    expect((await agent.post('/api/profiles', { name: 'Вера', category: 'elite' })).statusCode).toBe(403);
  });
});

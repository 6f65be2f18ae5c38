import type { ApiErrorBody, ModelDetails, ModelListResponse, OwnProfile, ProfilePromotions } from 'contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedPrices } from '../../db/seed-prices';
import { accounts, media, modelProfiles, notifications } from '../../db/schema';
import { createAgent } from '../../testing/agent';
import { createAccount, createCity, createProfile } from '../../testing/builders';
import { creditBalance } from '../../testing/admin';
import { testAppForFile } from '../../testing/create-test-app';
import { verifyBalances } from '../ledger/repository';
import { expireProfiles } from './expiry';

// One top slot per city, so the race for it is easy to set up.
const t = testAppForFile({ rubPerUsd: 100, topPlacement: { slotsPerCity: 1, days: 7 } }, async ({ db }) => {
  await seedPrices(db);
});

/** Other cities' prices (dollars) at 100 rubles: top 15, bump 2, video 6. */
const PRICE = { top: 1500, bump: 200, video: 600 };

async function modelWithProfile(
  balanceRub: number,
  profile: Partial<typeof modelProfiles.$inferInsert> = {},
) {
  const account = await createAccount(t.db, { accountType: 'girl' });
  if (balanceRub > 0) await creditBalance(t, account.id, balanceRub);
  const row = await createProfile(t.db, {
    accountId: account.id,
    expiresAt: new Date(Date.now() + 20 * 86_400_000),
    ...profile,
  });
  const agent = createAgent(t.app);
  await agent.signInAs(account.id);
  return { account, agent, profile: row };
}

async function balanceOf(accountId: number): Promise<number> {
  const [row] = await t.db.select().from(accounts).where(eq(accounts.id, accountId));
  return Number(row?.balanceKopecks) / 100;
}

async function kindsOf(accountId: number) {
  const rows = await t.db.select().from(notifications).where(eq(notifications.accountId, accountId));
  return rows.map((row) => ({ kind: row.kind, params: row.params }));
}

describe('promotions of a listed profile', () => {
  it('bumps a profile to the head of its city list, charging the price and telling the model', async () => {
    const city = await createCity(t.db);
    const earlier = await createProfile(t.db, { cityId: city.id, bumpedAt: new Date() });
    const { account, agent, profile } = await modelWithProfile(1000, {
      cityId: city.id,
      bumpedAt: new Date(Date.now() - 86_400_000),
    });
    const first = async () =>
      (
        (
          await t.app.inject({ method: 'GET', url: `/api/model?city=${city.slug}` })
        ).json() as ModelListResponse
      ).items[0]?.id;
    expect(await first()).toBe(earlier.id);

    const response = await agent.post(`/api/profiles/${profile.id}/bump`);
    expect(response.statusCode).toBe(200);
    expect((response.json() as { balance: number }).balance).toBe(1000 - PRICE.bump);
    expect(await first()).toBe(profile.id);
    expect(await kindsOf(account.id)).toEqual([
      { kind: 'raised_in_city', params: { profileName: profile.name, city: city.slug, price: PRICE.bump } },
    ]);
    expect(await verifyBalances(t.db)).toEqual({ accounts: [], transactions: [] });
  });

  it('lets 100 purchases at once on a balance for 10 make exactly 10, never below zero', async () => {
    const city = await createCity(t.db);
    const { account, agent, profile } = await modelWithProfile(10 * PRICE.bump, { cityId: city.id });
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => agent.post(`/api/profiles/${profile.id}/bump`)),
    );
    const codes = answers.map((response) => response.statusCode);
    expect(codes.filter((code) => code === 200)).toHaveLength(10);
    expect(codes.filter((code) => code === 402)).toHaveLength(90);
    expect(await balanceOf(account.id)).toBe(0);
    expect((await kindsOf(account.id)).filter((item) => item.kind === 'raised_in_city')).toHaveLength(10);
    expect(await verifyBalances(t.db)).toEqual({ accounts: [], transactions: [] });
  }, 60_000);

  it('gives the last top slot of a city to one of two models buying at once; the other learns the nearest date', async () => {
    const city = await createCity(t.db);
    const a = await modelWithProfile(5000, { cityId: city.id });
    const b = await modelWithProfile(5000, { cityId: city.id });
    const [first, second] = await Promise.all([
      a.agent.post(`/api/profiles/${a.profile.id}/top`),
      b.agent.post(`/api/profiles/${b.profile.id}/top`),
    ]);
    const answers = [first, second].map((response) => response?.statusCode).sort();
    expect(answers).toEqual([200, 409]);
    const loser = first?.statusCode === 409 ? first : second;
    const winner = first?.statusCode === 200 ? a : b;
    const body = loser?.json() as ApiErrorBody;
    expect(body.code).toBe('SLOTS_FULL');
    const winning = first?.statusCode === 200 ? first : second;
    if (!winning) throw new Error('no answer');
    const won = (winning.json() as { profile: OwnProfile }).profile;
    expect(body.params?.date).toBe(won.topUntil?.slice(0, 10));
    const days = (Date.parse(won.topUntil ?? '') - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
    // Only the winner paid.
    expect((await balanceOf(a.account.id)) + (await balanceOf(b.account.id))).toBe(10_000 - PRICE.top);
    expect((await kindsOf(winner.account.id)).map((item) => item.kind)).toEqual(['top_placement']);

    // The winner buying again extends her time without a second slot.
    const again = await winner.agent.post(`/api/profiles/${winner.profile.id}/top`);
    expect(again.statusCode).toBe(200);
    const extended = (again.json() as { profile: OwnProfile }).profile;
    expect(Date.parse(extended.topUntil ?? '') - Date.parse(won.topUntil ?? '')).toBeGreaterThan(
      6.9 * 86_400_000,
    );
  });

  it('refuses a profile that is not listed, and a balance that does not cover the price, changing nothing', async () => {
    const city = await createCity(t.db);
    const hidden = await modelWithProfile(5000, { cityId: city.id, status: 'unactive' });
    const response = await hidden.agent.post(`/api/profiles/${hidden.profile.id}/bump`);
    expect(response.statusCode).toBe(409);
    expect((response.json() as ApiErrorBody).code).toBe('PROFILE_NOT_ACTIVE');

    const poor = await modelWithProfile(100, { cityId: city.id });
    const refused = await poor.agent.post(`/api/profiles/${poor.profile.id}/top`);
    expect(refused.statusCode).toBe(402);
    expect((refused.json() as ApiErrorBody).code).toBe('INSUFFICIENT_BALANCE');
    expect(await balanceOf(poor.account.id)).toBe(100);
    const [row] = await t.db.select().from(modelProfiles).where(eq(modelProfiles.id, poor.profile.id));
    expect(row?.topUntil).toBeNull();
    expect(await kindsOf(poor.account.id)).toEqual([]);

    const { agent: other } = await modelWithProfile(5000, { cityId: city.id });
    expect((await other.post(`/api/profiles/${poor.profile.id}/bump`)).statusCode).toBe(404);
  });

  it('shows an approved video for the month paid, and hides it when the month is over', async () => {
    const city = await createCity(t.db);
    const { agent, profile } = await modelWithProfile(5000, {
      cityId: city.id,
      hasVideo: false,
      expiresAt: new Date(Date.now() + 90 * 86_400_000),
    });
    const noVideo = await agent.post(`/api/profiles/${profile.id}/video`);
    expect((noVideo.json() as ApiErrorBody).code).toBe('VIDEO_REQUIRED');

    await t.db
      .insert(media)
      .values({ profileId: profile.id, kind: 'video', url: '/media/u/x/video.mp4', isPublic: true });
    const page = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/model/${profile.id}` })).json() as ModelDetails;
    expect((await page()).video).toBeNull();

    const bought = await agent.post(`/api/profiles/${profile.id}/video`);
    expect(bought.statusCode).toBe(200);
    const until = (bought.json() as { profile: OwnProfile }).profile.videoUntil;
    expect((await page()).video?.url).toBe('/media/u/x/video.mp4');
    expect((await page()).hasVideo).toBe(true);

    await expireProfiles(t.app, new Date(Date.parse(until ?? '') + 1000));
    expect((await page()).video).toBeNull();
    expect((await page()).hasVideo).toBe(false);
  });
});

describe('GET /api/profiles/{id}/promotions', () => {
  it('tells the prices, the running promotions and the free top slots, matching what a sale does', async () => {
    const city = await createCity(t.db);
    const a = await modelWithProfile(5000, { cityId: city.id });
    const b = await modelWithProfile(5000, { cityId: city.id });
    const info = async (model: typeof a) => {
      const response = await model.agent.get(`/api/profiles/${model.profile.id}/promotions`);
      expect(response.statusCode).toBe(200);
      return response.json() as ProfilePromotions;
    };
    expect(await info(b)).toEqual({
      active: true,
      top: { price: PRICE.top, days: 7, slots: 1, free: 1, nextFreeDate: null, until: null },
      bump: { price: PRICE.bump, bumpedAt: null },
      video: { price: PRICE.video, until: null, hasVideo: false },
    });

    // A takes the city's only slot: B is told none is free and the day it frees, as a sale would say.
    const bought = await a.agent.post(`/api/profiles/${a.profile.id}/top`);
    expect(bought.statusCode).toBe(200);
    const full = await info(b);
    expect(full.top.free).toBe(0);
    const refused = await b.agent.post(`/api/profiles/${b.profile.id}/top`);
    expect((refused.json() as ApiErrorBody).code).toBe('SLOTS_FULL');
    expect(full.top.nextFreeDate).toBe((refused.json() as ApiErrorBody).params?.date);
    expect(full.top.nextFreeDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    // A, already in the top, keeps her slot and sees until when.
    const mine = await info(a);
    expect(mine.top.free).toBe(1);
    expect(mine.top.nextFreeDate).toBeNull();
    expect(mine.top.until).toBe((bought.json() as { profile: OwnProfile }).profile.topUntil);

    await b.agent.post(`/api/profiles/${b.profile.id}/bump`);
    expect((await info(b)).bump.bumpedAt).not.toBeNull();
  });

  it('says a profile that is not listed cannot buy, and hides other accounts’ profiles and guests', async () => {
    const city = await createCity(t.db);
    const hidden = await modelWithProfile(0, { cityId: city.id, status: 'unactive' });
    const response = await hidden.agent.get(`/api/profiles/${hidden.profile.id}/promotions`);
    expect(response.statusCode).toBe(200);
    expect((response.json() as ProfilePromotions).active).toBe(false);

    const other = await modelWithProfile(0, { cityId: city.id });
    const foreign = await other.agent.get(`/api/profiles/${hidden.profile.id}/promotions`);
    expect(foreign.statusCode).toBe(404);
    expect((foreign.json() as ApiErrorBody).code).toBe('MODEL_NOT_FOUND');

    const guest = await t.app.inject({ method: 'GET', url: `/api/profiles/${hidden.profile.id}/promotions` });
    expect(guest.statusCode).toBe(401);
  });
});

import type { ApiErrorBody } from 'contracts';
import { adDayOf, addDays, type Campaign, type CampaignCalendar, type ServedAds } from 'contracts/campaigns';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, campaigns, ledgerTransactions, notifications } from '../../db/schema';
import { seedPrices } from '../../db/seed-prices';
import { type Agent, createAgent } from '../../testing/agent';
import { creditBalance } from '../../testing/admin';
import { createAccount, createCity } from '../../testing/builders';
import { campaignForm } from '../../testing/campaigns';
import { testAppForFile } from '../../testing/create-test-app';
import { verifyBalances } from '../ledger/repository';
import { completeCampaigns } from './completion';

/** How far the ads' clock is ahead of the real one: a visitor's second of looking at an ad. */
let adsClockSkew = 0;
/** The ads were on screen for a second: an impression reported now may count. */
const aSecondLater = () => {
  adsClockSkew += 1_000;
};

// Two slots a day per placement, so the race for the last one is easy to set up.
const t = testAppForFile(
  { rubPerUsd: 100, adSlotsPerDay: 2, adsClock: () => Date.now() + adsClockSkew },
  async ({ db }) => {
    await seedPrices(db);
  },
);

/** Other cities' prices at 100 rubles per dollar: a city pin 1200 a day, 1000 impressions 200. */
const CITY_DAY = 1200;
const BROWSER = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36',
};
const today = () => adDayOf(new Date());

async function advertiser(balanceRub = 50_000) {
  const account = await createAccount(t.db, { accountType: 'advister' });
  if (balanceRub > 0) await creditBalance(t, account.id, balanceRub);
  const agent = createAgent(t.app);
  await agent.signInAs(account.id);
  return { account, agent };
}

async function admin() {
  const account = await createAccount(t.db, { accountType: 'girl', role: 'admin' });
  const agent = createAgent(t.app);
  await agent.signInAs(account.id);
  return agent;
}

async function balanceOf(accountId: number): Promise<number> {
  const [row] = await t.db.select().from(accounts).where(eq(accounts.id, accountId));
  return Number(row?.balanceKopecks) / 100;
}

async function draft(agent: Agent, body: Record<string, unknown>): Promise<Campaign> {
  const response = await agent.post('/api/campaigns', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Campaign>();
}

async function published(agent: Agent, body: Record<string, unknown>, moderator?: Agent): Promise<Campaign> {
  const campaign = await draft(agent, body);
  const sent = await agent.post(`/api/campaigns/${campaign.id}/submit`);
  expect(sent.statusCode, sent.body).toBe(200);
  const approved = await (moderator ?? (await admin())).post(
    `/api/admin-panel/moderation/campaigns/${campaign.id}/approve`,
  );
  expect(approved.statusCode, approved.body).toBe(200);
  return campaign;
}

/** A visitor's browser: the first answer gives it the visitor cookie. */
async function visitor(): Promise<Agent> {
  const agent = createAgent(t.app);
  await agent.get('/api/health');
  return agent;
}

async function adsOf(agent: Agent, city: string): Promise<ServedAds['ads']> {
  const response = await agent.get(`/api/ads?place=city&city=${city}`, { headers: BROWSER });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ServedAds>().ads;
}

async function served(id: number) {
  const [row] = await t.db.select().from(campaigns).where(eq(campaigns.id, id));
  return row;
}

describe('access', () => {
  it('answers 401 to guests and 403 to models', async () => {
    expect((await createAgent(t.app).get('/api/campaigns')).statusCode).toBe(401);
    const model = await createAccount(t.db, { accountType: 'girl' });
    const agent = createAgent(t.app);
    await agent.signInAs(model.id);
    expect((await agent.get('/api/campaigns')).statusCode).toBe(403);
    expect((await agent.post('/api/campaigns', { heading: 'x' })).statusCode).toBe(403);
  });

  it("never shows or changes another advertiser's campaign: 404", async () => {
    const city = await createCity(t.db);
    const owner = await advertiser();
    const other = await advertiser();
    const campaign = await draft(owner.agent, campaignForm(city.slug));
    const id = campaign.id;
    expect((await other.agent.get(`/api/campaigns/${id}`)).statusCode).toBe(404);
    expect((await other.agent.put(`/api/campaigns/${id}`, { heading: 'Mine now' })).statusCode).toBe(404);
    expect((await other.agent.post(`/api/campaigns/${id}/submit`)).statusCode).toBe(404);
    expect((await other.agent.post(`/api/campaigns/${id}/repeat`)).statusCode).toBe(404);
    expect((await other.agent.get(`/api/campaigns/${id}/stats`)).statusCode).toBe(404);
    expect((await other.agent.delete(`/api/campaigns/${id}/image`)).statusCode).toBe(404);
    expect((await other.agent.delete(`/api/campaigns/${id}`)).statusCode).toBe(404);
    const list = await other.agent.get('/api/campaigns?tab=saved');
    expect(list.json<{ items: Campaign[] }>().items).toEqual([]);
    expect((await served(id))?.heading).toBe('City taxi');
  });
});

describe('lifecycle', () => {
  it('saves a partial draft, lists it under saved and reports what is missing', async () => {
    const { agent } = await advertiser();
    const campaign = await draft(agent, { heading: 'Flowers' });
    expect(campaign).toMatchObject({
      status: 'draft',
      heading: 'Flowers',
      actions: ['edit', 'submit', 'repeat', 'delete'],
    });
    expect(campaign.problems).toMatchObject({
      link: 'validation.linkRequired',
      placement: 'validation.placementRequired',
    });
    const list = await agent.get('/api/campaigns?tab=saved');
    expect(list.json<{ items: Campaign[] }>().items.map((item) => item.id)).toContain(campaign.id);
    const sent = await agent.post(`/api/campaigns/${campaign.id}/submit`);
    expect(sent.statusCode).toBe(409);
    expect(sent.json<ApiErrorBody>()).toMatchObject({ code: 'CAMPAIGN_INCOMPLETE' });
  });

  it('refuses a filled field that breaks its rule and changes nothing', async () => {
    const { agent } = await advertiser();
    const campaign = await draft(agent, { heading: 'Flowers' });
    const response = await agent.put(`/api/campaigns/${campaign.id}`, {
      heading: 'Roses',
      link: 'javascript:alert(1)',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>().fields).toEqual({ link: 'validation.invalidLink' });
    expect((await served(campaign.id))?.heading).toBe('Flowers');
  });

  it('pays at submit, books the days and waits for moderation; approval publishes and notifies', async () => {
    const city = await createCity(t.db);
    const { account, agent } = await advertiser(10_000);
    const campaign = await draft(agent, campaignForm(city.slug));
    expect(campaign).toMatchObject({ costPerDay: CITY_DAY, total: CITY_DAY * 3 });
    const quote = await agent.get(
      `/api/campaigns/quote?placement=cities&cities=${city.slug}&pricing=days&startsOn=${today()}&endsOn=${addDays(today(), 2)}`,
    );
    expect(quote.json()).toEqual({
      costPerDay: CITY_DAY,
      per1000: null,
      days: 3,
      minDays: 3,
      total: CITY_DAY * 3,
    });

    const sent = await agent.post(`/api/campaigns/${campaign.id}/submit`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      campaign: { status: 'moderation', paid: CITY_DAY * 3 },
      balance: 10_000 - CITY_DAY * 3,
    });
    expect(await balanceOf(account.id)).toBe(10_000 - CITY_DAY * 3);
    const tab = await agent.get('/api/campaigns?tab=moderation');
    expect(tab.json<{ items: Campaign[] }>().items.map((item) => item.id)).toEqual([campaign.id]);

    const moderator = await admin();
    const queue = await moderator.get('/api/admin-panel/moderation/campaigns');
    expect(queue.json<{ items: { campaign: Campaign }[] }>().items.map((item) => item.campaign.id)).toContain(
      campaign.id,
    );
    const approved = await moderator.post(`/api/admin-panel/moderation/campaigns/${campaign.id}/approve`);
    expect(approved.json()).toMatchObject({ campaign: { status: 'published' }, owner: { id: account.id } });
    const kinds = await t.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.accountId, account.id));
    expect(kinds.map((row) => row.kind)).toContain('ad_approved');
    expect(await verifyBalances(t.db)).toEqual({ accounts: [], transactions: [] });
  });

  it('answers 402 when the balance does not cover the total, and books nothing', async () => {
    const city = await createCity(t.db);
    const { account, agent } = await advertiser(100);
    const campaign = await draft(agent, campaignForm(city.slug));
    const sent = await agent.post(`/api/campaigns/${campaign.id}/submit`);
    expect(sent.statusCode).toBe(402);
    expect(sent.json<ApiErrorBody>().code).toBe('INSUFFICIENT_BALANCE');
    expect((await served(campaign.id))?.status).toBe('draft');
    expect(await balanceOf(account.id)).toBe(100);
    const calendar = await agent.get(
      `/api/campaigns/calendar?placement=cities&cities=${city.slug}&month=${today().slice(0, 7)}`,
    );
    expect(calendar.json<CampaignCalendar>().days.find((day) => day.day === today())?.free).toBe(2);
  });

  it('refunds a rejected campaign with a refund entry, frees its days and tells the reason', async () => {
    const city = await createCity(t.db);
    const { account, agent } = await advertiser(10_000);
    const campaign = await draft(agent, campaignForm(city.slug));
    await agent.post(`/api/campaigns/${campaign.id}/submit`);
    const purchase = await t.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.kind, 'purchase'));
    const rejected = await (await admin()).post(
      `/api/admin-panel/moderation/campaigns/${campaign.id}/reject`,
      {
        reason: 'The link does not open',
      },
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({
      campaign: { status: 'rejected', rejectReason: 'The link does not open', paid: 0 },
    });
    expect(await balanceOf(account.id)).toBe(10_000);
    const refunds = await t.db
      .select()
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.kind, 'refund')));
    expect(refunds.some((row) => row.metadata.campaignId === campaign.id)).toBe(true);
    // The purchase is left as it was.
    const after = await t.db.select().from(ledgerTransactions).where(eq(ledgerTransactions.kind, 'purchase'));
    expect(after.length).toBe(purchase.length);
    const tab = await agent.get('/api/campaigns?tab=saved');
    expect(tab.json<{ items: Campaign[] }>().items.map((item) => item.id)).toContain(campaign.id);
    const calendar = await agent.get(
      `/api/campaigns/calendar?placement=cities&cities=${city.slug}&month=${today().slice(0, 7)}`,
    );
    expect(calendar.json<CampaignCalendar>().days.find((day) => day.day === today())?.free).toBe(2);
    expect(await verifyBalances(t.db)).toEqual({ accounts: [], transactions: [] });
  });

  it('refunds a paid campaign deleted before it starts, and not one that is running', async () => {
    const city = await createCity(t.db);
    const { account, agent } = await advertiser(20_000);
    const later = await draft(
      agent,
      campaignForm(city.slug, { startsOn: addDays(today(), 5), endsOn: addDays(today(), 7) }),
    );
    await agent.post(`/api/campaigns/${later.id}/submit`);
    expect(await balanceOf(account.id)).toBe(20_000 - CITY_DAY * 3);
    const removed = await agent.delete(`/api/campaigns/${later.id}`);
    expect(removed.json()).toEqual({ balance: 20_000 });
    expect(await served(later.id)).toBeUndefined();

    const running = await published(agent, campaignForm(city.slug));
    await agent.delete(`/api/campaigns/${running.id}`);
    expect(await balanceOf(account.id)).toBe(20_000 - CITY_DAY * 3);
    expect(await verifyBalances(t.db)).toEqual({ accounts: [], transactions: [] });
  });

  it('repeats a campaign as a new draft with its settings and no dates', async () => {
    const city = await createCity(t.db);
    const { agent } = await advertiser();
    const source = await draft(agent, campaignForm(city.slug));
    const copy = await agent.post(`/api/campaigns/${source.id}/repeat`);
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({
      status: 'draft',
      heading: 'City taxi',
      placement: 'cities',
      cities: [{ slug: city.slug }],
      startsOn: null,
      endsOn: null,
    });
  });

  it("sends a published ad's edit without a second charge while visitors keep the approved text", async () => {
    const city = await createCity(t.db);
    const { account, agent } = await advertiser(10_000);
    const campaign = await published(agent, campaignForm(city.slug));
    const unchanged = await agent.post(`/api/campaigns/${campaign.id}/submit`);
    expect(unchanged.json<ApiErrorBody>().code).toBe('UPDATE_REQUIRED');
    await agent.put(`/api/campaigns/${campaign.id}`, campaignForm(city.slug, { heading: 'Night taxi' }));
    const sent = await agent.post(`/api/campaigns/${campaign.id}/submit`);
    expect(sent.json()).toMatchObject({ campaign: { status: 'moderation' }, balance: 10_000 - CITY_DAY * 3 });
    expect((await adsOf(await visitor(), city.slug)).map((ad) => ad.heading)).toEqual(['City taxi']);
    await (await admin()).post(`/api/admin-panel/moderation/campaigns/${campaign.id}/approve`);
    expect((await adsOf(await visitor(), city.slug)).map((ad) => ad.heading)).toEqual(['Night taxi']);
    expect(await balanceOf(account.id)).toBe(10_000 - CITY_DAY * 3);
  });

  it('completes a campaign whose dates are over and tells the advertiser', async () => {
    const city = await createCity(t.db);
    const { account, agent } = await advertiser();
    const campaign = await published(agent, campaignForm(city.slug));
    expect(await completeCampaigns(t.app, new Date(Date.now() + 4 * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect((await served(campaign.id))?.status).toBe('completed');
    const kinds = await t.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.accountId, account.id));
    expect(kinds.map((row) => row.kind)).toContain('ad_completed');
  });
});

describe('capacity', () => {
  it('gives the last slot of a day to exactly one of two advertisers sending at once', async () => {
    const city = await createCity(t.db);
    const first = await advertiser();
    const taken = await draft(first.agent, campaignForm(city.slug));
    await first.agent.post(`/api/campaigns/${taken.id}/submit`);
    const racers = await Promise.all([advertiser(), advertiser()]);
    const drafts = await Promise.all(racers.map(({ agent }) => draft(agent, campaignForm(city.slug))));
    const answers = await Promise.all(
      racers.map(({ agent }, index) => agent.post(`/api/campaigns/${drafts[index]?.id}/submit`)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.statusCode === 409);
    // Full from today for three days: the nearest three free days in a row start after them.
    expect(loser?.json<ApiErrorBody>()).toMatchObject({
      code: 'SLOTS_FULL',
      params: { date: addDays(today(), 3) },
    });
    const loserIndex = answers.indexOf(loser as (typeof answers)[number]);
    const loserAccount = racers[loserIndex]?.account.id ?? 0;
    expect(await balanceOf(loserAccount)).toBe(50_000);
    const calendar = await first.agent.get(
      `/api/campaigns/calendar?placement=cities&cities=${city.slug}&month=${today().slice(0, 7)}`,
    );
    const body = calendar.json<CampaignCalendar>();
    expect(body.slotsPerDay).toBe(2);
    expect(body.days.find((day) => day.day === today())?.free).toBe(0);
    expect(body.nextFreeDate).toBe(addDays(today(), 3));
  });

  it('counts an ad booked everywhere against every page, and fills up when one page is full', async () => {
    // Days no other test books.
    const startsOn = addDays(today(), 40);
    const endsOn = addDays(startsOn, 2);
    const month = startsOn.slice(0, 7);
    const city = await createCity(t.db);
    const a = await advertiser();
    const everywhere = await draft(
      a.agent,
      campaignForm(city.slug, { placement: 'everywhere', cities: [], startsOn, endsOn }),
    );
    expect((await a.agent.post(`/api/campaigns/${everywhere.id}/submit`)).statusCode).toBe(200);
    const calendar = await a.agent.get(
      `/api/campaigns/calendar?placement=cities&cities=${city.slug}&month=${month}`,
    );
    expect(calendar.json<CampaignCalendar>().days.find((day) => day.day === startsOn)?.free).toBe(1);
    const b = await advertiser();
    const pinned = await draft(b.agent, campaignForm(city.slug, { startsOn, endsOn }));
    expect((await b.agent.post(`/api/campaigns/${pinned.id}/submit`)).statusCode).toBe(200);
    // The city's page is full on those days, so another ad everywhere finds no slot there.
    const c = await advertiser();
    const second = await draft(
      c.agent,
      campaignForm(city.slug, { placement: 'everywhere', cities: [], startsOn, endsOn }),
    );
    const refused = await c.agent.post(`/api/campaigns/${second.id}/submit`);
    expect(refused.json<ApiErrorBody>()).toMatchObject({ code: 'SLOTS_FULL' });
  });
});

describe('serving and counting', () => {
  it('shows a city its ads and counts an impression once per visitor per hour', async () => {
    const city = await createCity(t.db);
    const { agent } = await advertiser();
    const campaign = await published(agent, campaignForm(city.slug));
    const browser = await visitor();
    const [ad] = await adsOf(browser, city.slug);
    expect(ad).toMatchObject({ heading: 'City taxi', buttonText: 'Order a ride', image: null });
    expect((await adsOf(browser, 'no-such-city')).length).toBe(0);
    const token = ad?.token ?? '';
    aSecondLater();
    const first = await browser.post('/api/ads/impressions', { token }, { headers: BROWSER });
    expect(first.statusCode).toBe(204);
    expect((await browser.post('/api/ads/impressions', { token }, { headers: BROWSER })).statusCode).toBe(
      204,
    );
    expect((await served(campaign.id))?.impressionsServed).toBe(1);
    const stats = await agent.get(`/api/campaigns/${campaign.id}/stats?days=7`);
    expect(stats.json()).toMatchObject({ totals: { impressions: 1, clicks: 0 } });
    expect(stats.json<{ days: { day: string; impressions: number }[] }>().days.at(-1)).toMatchObject({
      day: today(),
      impressions: 1,
    });
  });

  it('does not count bots, visitors without the cookie, tokens of other visitors or forged ones', async () => {
    const city = await createCity(t.db);
    const { agent } = await advertiser();
    const campaign = await published(agent, campaignForm(city.slug));
    const browser = await visitor();
    const token = (await adsOf(browser, city.slug))[0]?.token ?? '';
    aSecondLater();
    const bot = { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' };
    expect((await browser.post('/api/ads/impressions', { token }, { headers: bot })).statusCode).toBe(204);
    const stranger = await visitor();
    expect((await stranger.post('/api/ads/impressions', { token }, { headers: BROWSER })).statusCode).toBe(
      204,
    );
    const forged = token.replace(/\.[^.]+$/, `.${'A'.repeat(32)}`);
    expect(
      (await browser.post('/api/ads/impressions', { token: forged }, { headers: BROWSER })).statusCode,
    ).toBe(204);
    // A request without the visitor cookie (but with the CSRF pair): the server makes a new visitor.
    const cookieless = createAgent(t.app);
    await cookieless.get('/api/health');
    cookieless.jar.delete(t.app.cookieNames.visitor);
    expect(
      (await cookieless.post('/api/ads/impressions', { token }, { headers: BROWSER })).statusCode,
    ).not.toBe(500);
    expect((await served(campaign.id))?.impressionsServed).toBe(0);
    expect((await browser.post('/api/ads/impressions', { token: 'not a token' })).statusCode).toBe(400);
  });

  it('redirects a click to the link and counts it once per visitor per hour; 404 for a bad token', async () => {
    const city = await createCity(t.db);
    const { agent } = await advertiser();
    const campaign = await published(agent, campaignForm(city.slug));
    const browser = await visitor();
    const [ad] = await adsOf(browser, city.slug);
    const click = await browser.get(ad?.clickUrl ?? '', { headers: BROWSER });
    expect(click.statusCode).toBe(302);
    expect(click.headers.location).toBe('https://example.com/taxi');
    await browser.get(ad?.clickUrl ?? '', { headers: BROWSER });
    expect((await served(campaign.id))?.clicks).toBe(1);
    expect((await browser.get(`/api/ads/click/1.0.1.${'A'.repeat(32)}`)).statusCode).toBe(404);
  });

  it('never counts past the impressions bought, with many visitors at once, then stops serving', async () => {
    const city = await createCity(t.db);
    const { account, agent } = await advertiser();
    const campaign = await published(
      agent,
      campaignForm(city.slug, { pricing: 'impressions', impressions: '3' }),
    );
    const browsers = await Promise.all(Array.from({ length: 12 }, () => visitor()));
    const tokens = await Promise.all(
      browsers.map(async (browser) => (await adsOf(browser, city.slug))[0]?.token ?? ''),
    );
    aSecondLater();
    const answers = await Promise.all(
      browsers.map((browser, index) =>
        browser.post('/api/ads/impressions', { token: tokens[index] }, { headers: BROWSER }),
      ),
    );
    expect(answers.every((answer) => answer.statusCode === 204)).toBe(true);
    const row = await served(campaign.id);
    expect(row).toMatchObject({ impressionsServed: 3, status: 'completed' });
    expect(await adsOf(await visitor(), city.slug)).toEqual([]);
    const kinds = await t.db
      .select({ kind: notifications.kind })
      .from(notifications)
      .where(eq(notifications.accountId, account.id));
    expect(kinds.filter((item) => item.kind === 'ad_completed')).toHaveLength(1);
  });
});

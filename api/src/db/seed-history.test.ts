import type {
  NotificationListResponse,
  OwnProfile,
  ProfilePromotions,
  ProfileViewsResponse,
} from 'contracts';
import type { CampaignStats } from 'contracts/campaigns';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reconcile } from '../modules/payments/reconcile';
import { createAgent } from '../testing/agent';
import { createTestApp, type TestApp } from '../testing/create-test-app';
import type { Database } from './client';
import {
  accounts,
  adStatsDaily,
  campaigns,
  ledgerEntries,
  ledgerTransactions,
  notifications,
  paymentOrders,
  profileViews,
} from './schema';
import { seed } from './seed';
import { seedAccounts } from './seed-accounts';

const DEMO_PASSWORD = 'demo-password-1';
/** Enough profiles for every city and the moderation demo, fewer than the default for speed. */
const PROFILES = 60;
const now = new Date();

async function seedDemo(db: Database, at: Date) {
  await seed(db, { profiles: PROFILES, now: at });
  await seedAccounts(db, { demoPassword: DEMO_PASSWORD, now: at });
}

let t: TestApp;
const ids = { model: 0, advertiser: 0 };

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db, now);
  for (const [key, email] of [
    ['model', 'model@anketa.local'],
    ['advertiser', 'advertiser@anketa.local'],
  ] as const) {
    const [row] = await t.db.select({ id: accounts.id }).from(accounts).where(eq(accounts.email, email));
    ids[key] = row?.id ?? 0;
  }
});

afterAll(async () => {
  await t?.close();
});

const signedIn = async (accountId: number) => {
  const agent = createAgent(t.app);
  await agent.signInAs(accountId);
  return agent;
};

const weekday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

describe('the demo history of a fresh start', () => {
  it("gives the demo model's profile views on each of the last 30 days, busier at the end of the week", async () => {
    const agent = await signedIn(ids.model);
    const own = (await agent.get('/api/profiles')).json<{ items: OwnProfile[] }>();
    const profile = own.items[0];
    if (!profile) throw new Error('the demo model has no profile');
    const response = await agent.get(`/api/profiles/${profile.id}/views?days=30`);
    expect(response.statusCode).toBe(200);
    const { days, total } = response.json<ProfileViewsResponse>();
    expect(days).toHaveLength(30);
    expect(days.every((day) => day.views > 0)).toBe(true);
    expect(total).toBeGreaterThan(30 * 20);
    // Whole days only (today has just begun): no flat line, and Friday and Saturday lead Monday and Tuesday.
    const whole = days.slice(0, -1);
    expect(new Set(whole.map((day) => day.views)).size).toBeGreaterThan(10);
    const views = whole.map((day) => day.views);
    expect(Math.max(...views)).toBeGreaterThan(1.5 * Math.min(...views));
    const on = (weekdays: number[]) =>
      mean(whole.filter((day) => weekdays.includes(weekday(day.day))).map((day) => day.views));
    expect(on([5, 6])).toBeGreaterThan(on([1, 2]));
  });

  it("gives the demo advertiser's campaigns impressions, clicks and spend on each of the last 30 days", async () => {
    const agent = await signedIn(ids.advertiser);
    const response = await agent.get('/api/campaigns/stats?days=30');
    expect(response.statusCode).toBe(200);
    const { days, totals } = response.json<CampaignStats>();
    expect(days).toHaveLength(30);
    expect(days.every((day) => day.impressions > 0 && day.spend > 0)).toBe(true);
    expect(days.filter((day) => day.clicks > 0).length).toBeGreaterThanOrEqual(29);
    const whole = days.slice(0, -1);
    expect(new Set(whole.map((day) => day.impressions)).size).toBeGreaterThan(10);
    expect(new Set(whole.map((day) => day.spend)).size).toBeGreaterThan(10);
    expect(totals.clicks).toBeLessThan(totals.impressions / 10);
  });

  it('keeps the books: balances are their ledger entries, every top-up reconciles, campaigns hold what they paid and counted', async () => {
    const report = await reconcile(t.db);
    expect(report.problems).toEqual([]);
    for (const accountId of [ids.model, ids.advertiser]) {
      const [kinds] = await t.db
        .select({
          topUps: sql<number>`count(*) filter (where ${ledgerTransactions.kind} = 'top_up')::int`,
          purchases: sql<number>`count(*) filter (where ${ledgerTransactions.kind} = 'purchase')::int`,
          sum: sql<number>`sum(${ledgerEntries.amountKopecks})`.mapWith(Number),
        })
        .from(ledgerEntries)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .where(eq(ledgerEntries.accountId, accountId));
      expect(kinds?.topUps).toBeGreaterThanOrEqual(2);
      expect(kinds?.purchases).toBeGreaterThanOrEqual(2);
      const agent = await signedIn(accountId);
      const balance = (await agent.get('/api/profile')).json<{ balance: number }>().balance;
      expect(balance).toBeGreaterThan(0);
      expect(balance * 100).toBe(kinds?.sum);
    }

    const rows = await t.db.select().from(campaigns).where(eq(campaigns.accountId, ids.advertiser));
    expect(rows.map((row) => row.status).sort()).toEqual([
      'completed',
      'draft',
      'moderation',
      'moderation',
      'published',
      'published',
    ]);
    for (const row of rows) {
      const [paid] = await t.db
        .select({ kopecks: sql<number>`coalesce(-sum(${ledgerEntries.amountKopecks}), 0)`.mapWith(Number) })
        .from(ledgerEntries)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .where(
          and(
            eq(ledgerEntries.accountId, ids.advertiser),
            sql`(${ledgerTransactions.metadata}->>'campaignId')::int = ${row.id}`,
          ),
        );
      expect(paid?.kopecks, row.heading ?? '').toBe(row.paidKopecks);
      expect(row.paidKopecks > 0, row.heading ?? '').toBe(row.status !== 'draft');
      const [counted] = await t.db
        .select({
          impressions: sql<number>`coalesce(sum(${adStatsDaily.impressions}), 0)::int`,
          clicks: sql<number>`coalesce(sum(${adStatsDaily.clicks}), 0)::int`,
        })
        .from(adStatsDaily)
        .where(eq(adStatsDaily.campaignId, row.id));
      expect(counted, row.heading ?? '').toEqual({ impressions: row.impressionsServed, clicks: row.clicks });
      if (row.impressions !== null) expect(row.impressionsServed).toBeLessThan(row.impressions);
    }
  });

  it('leaves the demo model a balance that buys a bump but then not a top placement (the e2e promotion journey)', async () => {
    const agent = await signedIn(ids.model);
    const profile = (await agent.get('/api/profiles')).json<{ items: OwnProfile[] }>().items[0];
    const promotions = (await agent.get(`/api/profiles/${profile?.id}/promotions`)).json<ProfilePromotions>();
    const balance = (await agent.get('/api/profile')).json<{ balance: number }>().balance;
    expect(balance).toBeGreaterThanOrEqual(promotions.bump.price);
    expect(balance).toBeLessThan(promotions.bump.price + promotions.top.price);
  });

  it('sends each demo account a few notifications of its month, the latest unread', async () => {
    for (const accountId of [ids.model, ids.advertiser]) {
      const agent = await signedIn(accountId);
      const response = await agent.get('/api/notifications');
      expect(response.statusCode).toBe(200);
      const list = response.json<NotificationListResponse>();
      expect(list.items.length).toBeGreaterThanOrEqual(3);
      expect(list.unreadCount).toBeGreaterThanOrEqual(1);
      expect(list.unreadCount).toBeLessThan(list.items.length);
      const monthAgo = now.getTime() - 31 * 86_400_000;
      expect(list.items.every((item) => Date.parse(item.createdAt) > monthAgo && item.text !== '')).toBe(
        true,
      );
    }
  });

  it('is written once: a later start adds no second month and doubles nothing', async () => {
    const before = await snapshot(t.db);
    await seed(t.db, { profiles: PROFILES, now: new Date(now.getTime() + 86_400_000) });
    const again = await seedAccounts(t.db, {
      demoPassword: DEMO_PASSWORD,
      now: new Date(now.getTime() + 86_400_000),
    });
    expect(again.accounts.every((account) => !account.created)).toBe(true);
    expect(await snapshot(t.db)).toEqual(before);
  });

  it('comes out the same for the same day (a seeded generator)', async () => {
    const other = await createTestApp();
    try {
      await seedDemo(other.db, now);
      expect(await figures(other.db)).toEqual(await figures(t.db));
    } finally {
      await other.close();
    }
  });
});

/** Every table the history writes, counted, and the demo balances. */
async function snapshot(db: Database) {
  const countOf = async (table: typeof profileViews | typeof notifications | typeof paymentOrders) =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]?.n;
  return {
    views: await countOf(profileViews),
    notifications: await countOf(notifications),
    orders: await countOf(paymentOrders),
    ledger: (await db.select({ n: sql<number>`count(*)::int` }).from(ledgerTransactions))[0]?.n,
    stats: await db.select().from(adStatsDaily).orderBy(asc(adStatsDaily.campaignId), asc(adStatsDaily.day)),
    campaigns: (await db.select({ n: sql<number>`count(*)::int` }).from(campaigns))[0]?.n,
    balances: await db
      .select({ email: accounts.email, balance: accounts.balanceKopecks })
      .from(accounts)
      .orderBy(asc(accounts.email)),
  };
}

/** The history's figures, independent of row ids. */
async function figures(db: Database) {
  return {
    views: await db
      .select({ day: profileViews.day, n: sql<number>`count(*)::int` })
      .from(profileViews)
      .groupBy(profileViews.day)
      .orderBy(asc(profileViews.day)),
    stats: await db
      .select({
        heading: campaigns.heading,
        day: adStatsDaily.day,
        impressions: adStatsDaily.impressions,
        clicks: adStatsDaily.clicks,
      })
      .from(adStatsDaily)
      .innerJoin(campaigns, eq(campaigns.id, adStatsDaily.campaignId))
      .orderBy(asc(campaigns.heading), asc(adStatsDaily.day)),
    ledger: await db
      .select({
        kind: ledgerTransactions.kind,
        amount: ledgerEntries.amountKopecks,
        at: ledgerEntries.createdAt,
      })
      .from(ledgerEntries)
      .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
      .where(sql`${ledgerEntries.accountId} is not null`)
      .orderBy(asc(ledgerEntries.id)),
  };
}

import type { AdminAccountDetails, AdminAccountList, ApiErrorBody } from 'contracts';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adRefusalsDaily, authSessions, campaigns } from '../../db/schema';
import { post } from '../ledger/repository';
import { signedInAdmin } from '../../testing/admin';
import { createAccount, createProfile } from '../../testing/builders';
import { testAppForFile } from '../../testing/create-test-app';

const t = testAppForFile();

const ids = (list: AdminAccountList) => list.items.map((item) => item.id);

describe('GET /api/admin-panel/accounts', () => {
  it('finds accounts by part of the e-mail or login (any case), or by the id of a profile', async () => {
    const { agent: admin } = await signedInAdmin(t);
    const anna = await createAccount(t.db, { email: 'Anna.Searched@example.test', login: 'AnnaLogin' });
    const other = await createAccount(t.db, { email: 'someone@example.test' });
    const profile = await createProfile(t.db, { accountId: other.id });
    const search = async (q: string) => {
      const response = await admin.get(`/api/admin-panel/accounts?q=${encodeURIComponent(q)}`);
      expect(response.statusCode).toBe(200);
      return response.json() as AdminAccountList;
    };

    expect(ids(await search('anna.searched'))).toEqual([anna.id]);
    expect(ids(await search('  annalog '))).toEqual([anna.id]);
    expect(ids(await search(String(profile.id)))).toContain(other.id);
    expect((await search('anna.searched')).items[0]).toMatchObject({
      email: 'Anna.Searched@example.test',
      login: 'AnnaLogin',
      accountType: 'girl',
      role: 'user',
      blockedAt: null,
      profileCount: 0,
    });
    expect((await search(String(profile.id))).items.find((item) => item.id === other.id)?.profileCount).toBe(
      1,
    );
    // Wildcards are matched as themselves.
    expect(ids(await search('%'))).toEqual([]);
    expect(ids(await search('_'))).toEqual([]);
  });

  it('lists the newest accounts first without a search, page by page', async () => {
    const { agent: admin } = await signedInAdmin(t);
    const newest = await createAccount(t.db);
    const first = (await admin.get('/api/admin-panel/accounts?perPage=1')).json() as AdminAccountList;
    expect(ids(first)).toEqual([newest.id]);
    expect(first.total).toBeGreaterThan(1);
    const tooLong = await admin.get(`/api/admin-panel/accounts?q=${'x'.repeat(255)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<ApiErrorBody>().fields).toEqual({ q: 'validation.invalidSearch' });
  });
});

describe('GET /api/admin-panel/accounts/:id', () => {
  it('shows the account, its profiles with status, its balance and latest ledger entries', async () => {
    const { agent: admin } = await signedInAdmin(t);
    const account = await createAccount(t.db);
    const profile = await createProfile(t.db, {
      accountId: account.id,
      isBlocked: true,
      blockReason: 'Жалобы',
    });
    await post(t.db, {
      kind: 'adjustment',
      reference: `admin-test:${account.id}`,
      entries: [
        [{ systemAccount: 'adjustments' }, -12_345],
        [{ accountId: account.id }, 12_345],
      ],
    });

    const response = await admin.get(`/api/admin-panel/accounts/${account.id}`);
    expect(response.statusCode).toBe(200);
    const details = response.json<AdminAccountDetails>();
    expect(details).toMatchObject({
      account: { id: account.id, email: account.email, profileCount: 1 },
      balance: 123.45,
      balanceKopecks: 12_345,
      profiles: [
        {
          id: profile.id,
          status: 'cancel',
          lifecycleStatus: 'active',
          isBlocked: true,
          blockReason: 'Жалобы',
          openComplaints: 0,
        },
      ],
      ledger: [
        { kind: 'adjustment', reference: `admin-test:${account.id}`, amount: 123.45, amountKopecks: 12_345 },
      ],
    });

    const missing = await admin.get('/api/admin-panel/accounts/999999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json<ApiErrorBody>().code).toBe('USER_NOT_FOUND');
  });

  it("lists the account's campaigns and live sessions, newest first", async () => {
    const { agent: admin } = await signedInAdmin(t);
    const account = await createAccount(t.db, { accountType: 'advister' });
    const [older] = await t.db
      .insert(campaigns)
      .values({
        accountId: account.id,
        status: 'published',
        heading: 'City taxi',
        pricing: 'impressions',
        impressions: 5000,
        impressionsServed: 1200,
        startsOn: '2025-03-01',
        endsOn: '2025-03-10',
        createdAt: sql`now() - interval '1 day'`,
      })
      .returning({ id: campaigns.id });
    const [newer] = await t.db
      .insert(campaigns)
      .values({ accountId: account.id })
      .returning({ id: campaigns.id });
    // Refused reports of the older one, over two days and reasons.
    await t.db.insert(adRefusalsDaily).values([
      { campaignId: older?.id ?? 0, day: '2025-03-01', kind: 'impression', reason: 'rate_limit', count: 7 },
      { campaignId: older?.id ?? 0, day: '2025-03-02', kind: 'impression', reason: 'foreign', count: 3 },
      { campaignId: older?.id ?? 0, day: '2025-03-02', kind: 'click', reason: 'rate_limit', count: 2 },
    ]);
    for (let n = 0; n < 4; n += 1) {
      await t.app.sessions.create(account.id);
    }
    const made = await t.db
      .select({ id: authSessions.id })
      .from(authSessions)
      .where(eq(authSessions.accountId, account.id))
      .orderBy(asc(authSessions.createdAt));
    const [revoked, expired, first, second] = made.map((row) => row.id);
    await t.db
      .update(authSessions)
      .set({ revokedAt: sql`now()` })
      .where(eq(authSessions.id, revoked ?? ''));
    await t.db
      .update(authSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authSessions.id, expired ?? ''));
    await t.db
      .update(authSessions)
      .set({ createdAt: sql`now() - interval '1 hour'`, userAgent: 'Firefox', ip: '203.0.113.7' })
      .where(eq(authSessions.id, first ?? ''));

    const details = (await admin.get(`/api/admin-panel/accounts/${account.id}`)).json<AdminAccountDetails>();

    expect(details.campaigns).toEqual([
      {
        id: newer?.id,
        heading: '',
        status: 'draft',
        startsAt: null,
        endsAt: null,
        impressionsBought: null,
        impressionsDelivered: 0,
        impressionsRefused: 0,
        clicksRefused: 0,
        createdAt: expect.any(String),
      },
      {
        id: older?.id,
        heading: 'City taxi',
        status: 'published',
        startsAt: '2025-03-01',
        endsAt: '2025-03-10',
        impressionsBought: 5000,
        impressionsDelivered: 1200,
        impressionsRefused: 10,
        clicksRefused: 2,
        createdAt: expect.any(String),
      },
    ]);
    expect(details.sessions.map((session) => session.id)).toEqual([second, first]);
    expect(details.sessions[1]).toEqual({
      id: first,
      createdAt: expect.any(String),
      lastUsedAt: expect.any(String),
      expiresAt: expect.any(String),
      userAgent: 'Firefox',
      ip: '203.0.113.7',
    });
  });
});

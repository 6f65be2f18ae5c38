import type { AdminAccountDetails, AdminAccountList, ApiErrorBody } from 'contracts';
import { describe, expect, it } from 'vitest';
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
});

import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, ledgerEntries, ledgerTransactions } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { createAccount } from '../../testing/builders';
import { closeTestApp } from '../../testing/close-test-app';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { balanceOf, type LedgerPosting, post, systemBalanceOf, verifyBalances } from './repository';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await closeTestApp(t);
});

let nextReference = 0;
const reference = (label: string) => `test:${label}:${++nextReference}`;

/** Gives an account money the way a top-up would: from the payments system account. */
async function fund(accountId: number, kopecks: number) {
  return t.db.transaction((tx) =>
    post(tx, {
      kind: 'top_up',
      reference: reference('fund'),
      entries: [
        [{ accountId }, kopecks],
        [{ systemAccount: 'payments' }, -kopecks],
      ],
    }),
  );
}

function purchase(accountId: number, kopecks: number, ref = reference('purchase')) {
  return t.db.transaction((tx) =>
    post(tx, {
      kind: 'purchase',
      reference: ref,
      entries: [
        [{ accountId }, -kopecks],
        [{ systemAccount: 'revenue' }, kopecks],
      ],
    }),
  );
}

async function transactionsWith(ref: string) {
  const [row] = await t.db
    .select({ n: count() })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.reference, ref));
  return row?.n ?? 0;
}

async function outcome<T>(promise: Promise<T>): Promise<'ok' | string> {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    return error instanceof ApiError ? error.code : String(error);
  }
}

describe('ledger.post', () => {
  it('credits a user from a system account and keeps balances equal to the entries', async () => {
    const account = await createAccount(t.db);
    const before = await systemBalanceOf(t.db, 'payments');

    const result = await fund(account.id, 150_050);

    expect(result.duplicate).toBe(false);
    if (!result.duplicate) expect(result.balances.get(account.id)).toBe(150_050);
    expect(await balanceOf(t.db, account.id)).toBe(150_050);
    expect(await systemBalanceOf(t.db, 'payments')).toBe(before - 150_050);
    const entries = await t.db
      .select({ amount: ledgerEntries.amountKopecks })
      .from(ledgerEntries)
      .where(eq(ledgerEntries.accountId, account.id));
    expect(entries).toEqual([{ amount: 150_050 }]);
    expect(await verifyBalances(t.db)).toEqual({ accounts: [], transactions: [] });
  });

  it('posts a reference once: a second posting is a no-op reported as a duplicate', async () => {
    const account = await createAccount(t.db);
    const posting: LedgerPosting = {
      kind: 'promo',
      reference: reference('once'),
      metadata: { promoCode: 'TEST' },
      entries: [
        [{ accountId: account.id }, 10_000],
        [{ systemAccount: 'promotions' }, -10_000],
      ],
    };

    const first = await t.db.transaction((tx) => post(tx, posting));
    const second = await t.db.transaction((tx) => post(tx, posting));

    expect(first.duplicate).toBe(false);
    expect(second).toEqual({ duplicate: true, transactionId: first.transactionId });
    expect(await balanceOf(t.db, account.id)).toBe(10_000);
  });

  it('credits once when 20 postings of one reference race', async () => {
    const account = await createAccount(t.db);
    const ref = reference('race');
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        t.db.transaction((tx) =>
          post(tx, {
            kind: 'top_up',
            reference: ref,
            entries: [
              [{ accountId: account.id }, 50_000],
              [{ systemAccount: 'payments' }, -50_000],
            ],
          }),
        ),
      ),
    );

    expect(results.filter((result) => !result.duplicate)).toHaveLength(1);
    expect(await balanceOf(t.db, account.id)).toBe(50_000);
    expect(await transactionsWith(ref)).toBe(1);
  });

  it('refuses an overdraft with 402 INSUFFICIENT_BALANCE and writes nothing', async () => {
    const account = await createAccount(t.db);
    await fund(account.id, 10_000);
    const ref = reference('overdraft');

    await expect(purchase(account.id, 10_001, ref)).rejects.toMatchObject({
      statusCode: 402,
      code: 'INSUFFICIENT_BALANCE',
    });

    expect(await balanceOf(t.db, account.id)).toBe(10_000);
    expect(await transactionsWith(ref)).toBe(0);
    expect(await outcome(purchase(account.id, 10_000))).toBe('ok');
    expect(await balanceOf(t.db, account.id)).toBe(0);
  });

  it('lets concurrent purchases spend no more than the balance', async () => {
    const account = await createAccount(t.db);
    await fund(account.id, 100_000);

    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => outcome(purchase(account.id, 30_000))),
    );

    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(3);
    expect(outcomes.filter((o) => o === 'INSUFFICIENT_BALANCE')).toHaveLength(7);
    expect(await balanceOf(t.db, account.id)).toBe(10_000);
    expect(await verifyBalances(t.db)).toEqual({ accounts: [], transactions: [] });
  });

  it('moves money between two users both ways at once without deadlocking', async () => {
    const a = await createAccount(t.db);
    const b = await createAccount(t.db);
    await fund(a.id, 100_000);
    await fund(b.id, 100_000);
    const transfer = (from: number, to: number) =>
      t.db.transaction((tx) =>
        post(tx, {
          kind: 'adjustment',
          reference: reference('transfer'),
          entries: [
            [{ accountId: from }, -1_000],
            [{ accountId: to }, 1_000],
          ],
        }),
      );

    await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? transfer(a.id, b.id) : transfer(b.id, a.id))),
    );

    expect(await balanceOf(t.db, a.id)).toBe(100_000);
    expect(await balanceOf(t.db, b.id)).toBe(100_000);
  });

  it('refuses postings that do not balance, and amounts that are not whole non-zero kopecks', async () => {
    const account = await createAccount(t.db);
    const attempt = (entries: LedgerPosting['entries']) =>
      t.db.transaction((tx) => post(tx, { kind: 'adjustment', reference: reference('bad'), entries }));

    await expect(
      attempt([
        [{ accountId: account.id }, 100],
        [{ systemAccount: 'adjustments' }, -99],
      ]),
    ).rejects.toThrow(/does not balance/);
    await expect(attempt([[{ accountId: account.id }, 100]])).rejects.toThrow(/does not balance/);
    await expect(
      attempt([
        [{ accountId: account.id }, 0.5],
        [{ systemAccount: 'adjustments' }, -0.5],
      ]),
    ).rejects.toThrow(/whole kopecks/);
    await expect(
      attempt([
        [{ accountId: account.id }, 0],
        [{ systemAccount: 'adjustments' }, 0],
      ]),
    ).rejects.toThrow(/whole kopecks/);
    expect(await balanceOf(t.db, account.id)).toBe(0);
  });

  it('rolls the posting back with the rest of the caller transaction', async () => {
    const account = await createAccount(t.db);
    const ref = reference('rollback');
    await expect(
      t.db.transaction(async (tx) => {
        await post(tx, {
          kind: 'top_up',
          reference: ref,
          entries: [
            [{ accountId: account.id }, 5_000],
            [{ systemAccount: 'payments' }, -5_000],
          ],
        });
        throw new Error('what the money paid for failed');
      }),
    ).rejects.toThrow('what the money paid for failed');

    expect(await balanceOf(t.db, account.id)).toBe(0);
    expect(await transactionsWith(ref)).toBe(0);
  });
});

describe('verifyBalances', () => {
  it('reports an account whose stored balance drifted from its entries', async () => {
    const account = await createAccount(t.db);
    await fund(account.id, 7_000);
    await t.db.update(accounts).set({ balanceKopecks: 9_000 }).where(eq(accounts.id, account.id));

    expect((await verifyBalances(t.db)).accounts).toEqual([
      { accountId: account.id, balanceKopecks: 9_000, entriesKopecks: 7_000 },
    ]);

    await t.db.update(accounts).set({ balanceKopecks: 7_000 }).where(eq(accounts.id, account.id));
    expect(await verifyBalances(t.db)).toEqual({ accounts: [], transactions: [] });
  });

  it('reports a transaction whose entries do not sum to zero', async () => {
    const [lonely] = await t.db
      .insert(ledgerTransactions)
      .values({ kind: 'adjustment', reference: reference('lonely') })
      .returning({ id: ledgerTransactions.id });
    if (!lonely) throw new Error('insert failed');

    expect((await verifyBalances(t.db)).transactions).toEqual([
      { transactionId: lonely.id, sumKopecks: 0, entries: 0 },
    ]);

    await t.db.delete(ledgerTransactions).where(eq(ledgerTransactions.id, lonely.id));
  });
});

describe('balanceOf', () => {
  it('answers 404 USER_NOT_FOUND for an unknown account', async () => {
    await expect(balanceOf(t.db, 999_999_999)).rejects.toMatchObject({ statusCode: 404 });
  });
});

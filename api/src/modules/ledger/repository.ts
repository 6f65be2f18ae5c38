import type { LedgerKind, SystemLedgerAccount } from 'contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts, ledgerEntries, ledgerTransactions } from '../../db/schema';
import { ApiError } from '../../lib/api-error';

/** Whose money an entry moves: a user's balance or one of the platform's own accounts. */
export type LedgerParty = { accountId: number } | { systemAccount: SystemLedgerAccount };
export type LedgerEntry = [party: LedgerParty, amountKopecks: number];

export interface LedgerPosting {
  kind: LedgerKind;
  /**
   * Names the business event ("promo:12:345", "payment:<invoice>"): a second posting with the
   * same reference changes nothing, so retries and races cannot pay twice.
   */
  reference: string;
  metadata?: Record<string, string | number>;
  /** Positive credits, negative debits; they must sum to zero. */
  entries: LedgerEntry[];
}

export type PostResult =
  | {
      duplicate: false;
      transactionId: number;
      /** The new balance of every user account the posting touched, in kopecks. */
      balances: Map<number, number>;
    }
  | { duplicate: true; transactionId: number };

/** What `update ... set balance_kopecks = ...` runs into when a debit would overdraw. */
const BALANCE_CHECK = 'accounts_balance_check';
const CHECK_VIOLATION = '23514';

/**
 * Records one balanced transaction and applies it to the users' balances. Runs inside the
 * caller's database transaction (`tx`), so that what the money pays for and the money itself
 * commit or roll back together.
 *
 * Throws ApiError 402 INSUFFICIENT_BALANCE when a debit would take a balance below zero; the
 * caller's transaction must then be abandoned (PostgreSQL has already aborted it).
 */
export async function post(tx: Database, posting: LedgerPosting): Promise<PostResult> {
  assertBalanced(posting);

  const [created] = await tx
    .insert(ledgerTransactions)
    .values({ kind: posting.kind, reference: posting.reference, metadata: posting.metadata ?? {} })
    .onConflictDoNothing({ target: ledgerTransactions.reference })
    .returning({ id: ledgerTransactions.id });
  if (!created) {
    const [existing] = await tx
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, posting.reference));
    if (!existing) throw new Error(`ledger reference ${posting.reference} conflicted but is missing`);
    return { duplicate: true, transactionId: existing.id };
  }

  await tx.insert(ledgerEntries).values(
    posting.entries.map(([party, amountKopecks]) => ({
      transactionId: created.id,
      accountId: 'accountId' in party ? party.accountId : null,
      systemAccount: 'systemAccount' in party ? party.systemAccount : null,
      amountKopecks,
    })),
  );

  // One update per account, in id order: two postings touching the same accounts then lock
  // their rows in the same order and cannot deadlock.
  const deltas = new Map<number, number>();
  for (const [party, amount] of posting.entries) {
    if ('accountId' in party) deltas.set(party.accountId, (deltas.get(party.accountId) ?? 0) + amount);
  }
  const balances = new Map<number, number>();
  for (const [accountId, delta] of [...deltas].sort(([a], [b]) => a - b)) {
    const [row] = await tx
      .update(accounts)
      .set({ balanceKopecks: sql`${accounts.balanceKopecks} + ${delta}` })
      .where(eq(accounts.id, accountId))
      .returning({ balance: accounts.balanceKopecks })
      .catch((error: unknown) => {
        if (isCheckViolation(error, BALANCE_CHECK)) throw new ApiError(402, 'INSUFFICIENT_BALANCE');
        throw error;
      });
    if (!row) throw new Error(`ledger posting names account ${accountId}, which does not exist`);
    balances.set(accountId, Number(row.balance));
  }
  return { duplicate: false, transactionId: created.id, balances };
}

function assertBalanced(posting: LedgerPosting): void {
  if (!posting.reference) throw new Error('a ledger posting needs a reference');
  let sum = 0;
  for (const [, amount] of posting.entries) {
    if (!Number.isSafeInteger(amount) || amount === 0) {
      throw new Error(`ledger amounts are non-zero whole kopecks, not ${amount}`);
    }
    sum += amount;
  }
  if (posting.entries.length < 2 || sum !== 0) {
    throw new Error(`ledger posting ${posting.reference} does not balance (sum ${sum})`);
  }
}

/** Drizzle wraps driver errors; the PostgreSQL error (node-postgres or PGlite) is a cause below. */
function isCheckViolation(error: unknown, constraint: string): boolean {
  for (let current = error; current && typeof current === 'object'; ) {
    const record = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (record.code === CHECK_VIOLATION) return record.constraint === constraint;
    current = record.cause;
  }
  return false;
}

/** A user's balance in kopecks. */
export async function balanceOf(db: Database, accountId: number): Promise<number> {
  const [row] = await db
    .select({ balance: accounts.balanceKopecks })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!row) throw new ApiError(404, 'USER_NOT_FOUND');
  return Number(row.balance);
}

/**
 * The latest purchase of `item` for a profile (its metadata names both), or null: what a refund
 * of that item gives back.
 */
export async function latestPurchaseOf(
  tx: Database,
  item: string,
  profileId: number,
): Promise<{ id: number; reference: string } | null> {
  const [paid] = await tx
    .select({ id: ledgerTransactions.id, reference: ledgerTransactions.reference })
    .from(ledgerTransactions)
    .where(
      and(
        eq(ledgerTransactions.kind, 'purchase'),
        sql`${ledgerTransactions.metadata}->>'item' = ${item}`,
        sql`(${ledgerTransactions.metadata}->>'profileId')::int = ${profileId}`,
      ),
    )
    .orderBy(desc(ledgerTransactions.id))
    .limit(1);
  return paid ?? null;
}

/** Kopecks a user's balance gave in one ledger transaction (0 when it gave nothing). */
export async function spentIn(tx: Database, transactionId: number, accountId: number): Promise<number> {
  const [spent] = await tx
    .select({ kopecks: sql<number>`-coalesce(sum(${ledgerEntries.amountKopecks}), 0)`.mapWith(Number) })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.transactionId, transactionId), eq(ledgerEntries.accountId, accountId)));
  return spent?.kopecks ?? 0;
}

/** The balance of one of the platform's own accounts: the sum of its entries, in kopecks. */
export async function systemBalanceOf(db: Database, systemAccount: SystemLedgerAccount): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${ledgerEntries.amountKopecks}), 0)`.mapWith(Number) })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.systemAccount, systemAccount));
  return row?.total ?? 0;
}

export interface LedgerAudit {
  /** Accounts whose stored balance differs from the sum of their entries. */
  accounts: { accountId: number; balanceKopecks: number; entriesKopecks: number }[];
  /** Transactions whose entries do not sum to zero, or that have fewer than two entries. */
  transactions: { transactionId: number; sumKopecks: number; entries: number }[];
}

/** Checks the ledger's invariants; both lists are empty when the books are consistent. */
export async function verifyBalances(db: Database): Promise<LedgerAudit> {
  const accountSum = sql`coalesce(sum(${ledgerEntries.amountKopecks}), 0)`;
  const accountRows = await db
    .select({
      accountId: accounts.id,
      balanceKopecks: accounts.balanceKopecks,
      entriesKopecks: sql<number>`${accountSum}`.mapWith(Number),
    })
    .from(accounts)
    .leftJoin(ledgerEntries, eq(ledgerEntries.accountId, accounts.id))
    .groupBy(accounts.id)
    .having(sql`${accounts.balanceKopecks} <> ${accountSum}`)
    .orderBy(accounts.id);

  const transactionSum = sql`coalesce(sum(${ledgerEntries.amountKopecks}), 0)`;
  const entryCount = sql`count(${ledgerEntries.id})`;
  const transactionRows = await db
    .select({
      transactionId: ledgerTransactions.id,
      sumKopecks: sql<number>`${transactionSum}`.mapWith(Number),
      entries: sql<number>`${entryCount}`.mapWith(Number),
    })
    .from(ledgerTransactions)
    .leftJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .groupBy(ledgerTransactions.id)
    .having(sql`${transactionSum} <> 0 or ${entryCount} < 2`)
    .orderBy(ledgerTransactions.id);

  return {
    accounts: accountRows.map((row) => ({ ...row, balanceKopecks: Number(row.balanceKopecks) })),
    transactions: transactionRows,
  };
}

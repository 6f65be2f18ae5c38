import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { accounts, balanceAdjustments } from '../../../db/schema';

export type AdjustmentRow = typeof balanceAdjustments.$inferSelect;

/** A new pending adjustment. */
export async function insertAdjustment(
  tx: Database,
  values: { accountId: number; amountKopecks: number; reason: string; requestedBy: number },
): Promise<AdjustmentRow> {
  const [row] = await tx.insert(balanceAdjustments).values(values).returning();
  if (!row) throw new Error('the adjustment was not stored');
  return row;
}

/**
 * The adjustment, its row locked until the transaction ends: two approvals at once are taken one
 * after the other, and the second finds it decided.
 */
export async function lockAdjustment(tx: Database, id: number): Promise<AdjustmentRow | null> {
  const [row] = await tx.select().from(balanceAdjustments).where(eq(balanceAdjustments.id, id)).for('update');
  return row ?? null;
}

/** Marks a pending adjustment decided (the caller holds its lock). */
export async function decideAdjustment(
  tx: Database,
  id: number,
  decision: { status: 'approved' | 'declined'; decidedBy: number; ledgerTransactionId: number | null },
): Promise<AdjustmentRow> {
  const [row] = await tx
    .update(balanceAdjustments)
    .set({ ...decision, decidedAt: sql`now()` })
    .where(and(eq(balanceAdjustments.id, id), eq(balanceAdjustments.status, 'pending')))
    .returning();
  if (!row) throw new Error(`adjustment ${id} was decided under its lock`);
  return row;
}

/** The pending adjustments, of one account or all, oldest first. */
export function pendingAdjustments(db: Database, accountId?: number): Promise<AdjustmentRow[]> {
  const where: SQL[] = [eq(balanceAdjustments.status, 'pending')];
  if (accountId) where.push(eq(balanceAdjustments.accountId, accountId));
  return db
    .select()
    .from(balanceAdjustments)
    .where(and(...where))
    .orderBy(asc(balanceAdjustments.createdAt), asc(balanceAdjustments.id));
}

/** The e-mails of these accounts, by id. */
export async function emailsOf(db: Database, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: accounts.id, email: accounts.email })
    .from(accounts)
    .where(inArray(accounts.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.email]));
}

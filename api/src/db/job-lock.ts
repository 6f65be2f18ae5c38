import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * Takes the transaction-scoped advisory lock `key` if it is free; false when another instance
 * holds it (that instance is running the same job, so this one skips its round).
 */
export async function tryJobLock(tx: Database, key: number): Promise<boolean> {
  const [lock] = await tx
    .select({ taken: sql<boolean>`pg_try_advisory_xact_lock(${key})` })
    .from(sql`(select 1) as one`);
  return lock?.taken ?? false;
}

/**
 * A retention job's deletes: `deleteBatch` in a transaction at a time under the advisory lock `key`
 * (so that a long backlog never holds one long lock, and a second instance skips the round), until
 * a batch deletes nothing. Answers how many rows went.
 */
export async function deleteInBatches(
  db: Database,
  key: number,
  deleteBatch: (tx: Database) => Promise<number>,
): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await db.transaction(async (tx) => ((await tryJobLock(tx, key)) ? deleteBatch(tx) : 0));
    total += deleted;
    if (deleted === 0) return total;
  }
}

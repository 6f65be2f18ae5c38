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

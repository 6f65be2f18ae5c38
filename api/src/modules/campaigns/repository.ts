import { and, eq, inArray, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { campaigns } from '../../db/schema';

export type CampaignRow = typeof campaigns.$inferSelect;

/**
 * Marks completed the campaigns (published, or with an approved version while a change waits)
 * whose last day is before `today`, and answers them. `tx` is the completion job's transaction.
 */
export function completeEndedCampaigns(tx: Database, today: string, now: Date): Promise<CampaignRow[]> {
  return tx
    .update(campaigns)
    .set({ status: 'completed', completedAt: now, changed: false })
    .where(
      and(
        inArray(campaigns.status, ['published', 'moderation']),
        isNotNull(campaigns.approved),
        lt(campaigns.endsOn, today),
      ),
    )
    .returning();
}

/**
 * The campaigns whose working or approved image is stored under `key`: their advertiser, and
 * whether the image is the approved one (public).
 */
export function campaignsWithImage(db: Database, key: string) {
  return db
    .select({
      accountId: campaigns.accountId,
      public: sql<boolean>`coalesce(${campaigns.approved}->'image'->>'key' = ${key}, false)`,
    })
    .from(campaigns)
    .where(or(eq(campaigns.imageKey, key), sql`${campaigns.approved}->'image'->>'key' = ${key}`));
}

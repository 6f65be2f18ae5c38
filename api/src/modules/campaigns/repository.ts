import { and, eq, gte, inArray, isNotNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { adBookings, campaigns } from '../../db/schema';

export type CampaignRow = typeof campaigns.$inferSelect;

/** Advisory lock namespaces of bookings: the `everywhere` gate, and one lock per placement key. */
const GATE_LOCK = 7_310_015;
const KEY_LOCK = 7_310_016;

/** The placement key of a campaign shown on every page. */
export const EVERYWHERE = 'everywhere';

/**
 * Takes the booking locks of `keys` for the rest of the transaction, always in one order so two
 * bookings never wait on each other crosswise. An `everywhere` booking shares days with every page,
 * so it takes the gate exclusively; a booking of the main page or of cities takes it shared (they
 * run side by side) and then its own keys, sorted.
 */
export async function lockKeys(tx: Database, keys: readonly string[]): Promise<void> {
  const everywhere = keys.includes(EVERYWHERE);
  await tx.execute(
    everywhere
      ? sql`select pg_advisory_xact_lock(${GATE_LOCK}, 0)`
      : sql`select pg_advisory_xact_lock_shared(${GATE_LOCK}, 0)`,
  );
  for (const key of [...keys].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(${KEY_LOCK}, hashtext(${key}))`);
  }
}

/**
 * Booked slots per placement key and day from `from` to `to` (inclusive), of the keys given (all
 * keys when null), leaving out `excludeCampaign`'s own bookings.
 */
export function bookingsByKeyAndDay(
  db: Database,
  keys: readonly string[] | null,
  from: string,
  to: string,
  excludeCampaign?: number,
) {
  return db
    .select({ key: adBookings.key, day: adBookings.day, n: sql<number>`count(*)::int` })
    .from(adBookings)
    .where(
      and(
        gte(adBookings.day, from),
        lte(adBookings.day, to),
        keys === null ? undefined : inArray(adBookings.key, [...keys]),
        excludeCampaign === undefined ? undefined : sql`${adBookings.campaignId} <> ${excludeCampaign}`,
      ),
    )
    .groupBy(adBookings.key, adBookings.day);
}

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

import { and, eq, gte, inArray, isNotNull, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { AdRefusalReason } from 'contracts';
import {
  adBookings,
  adEvents,
  adRefusalsDaily,
  adStatsDaily,
  type ApprovedAd,
  campaigns,
} from '../../db/schema';

export type { ApprovedAd } from '../../db/schema';
export type CampaignRow = typeof campaigns.$inferSelect;

/** Running today: approved (its approved content, while an edit waits), on its dates, short of its impressions. */
const runningOn = (today: string) =>
  and(
    inArray(campaigns.status, ['published', 'moderation']),
    isNotNull(campaigns.approved),
    lte(campaigns.startsOn, today),
    gte(campaigns.endsOn, today),
    or(isNull(campaigns.impressions), lt(campaigns.impressionsServed, campaigns.impressions)),
  );

/** The campaigns running today that are booked today for one of these placement keys, by id. */
export async function bookedCampaigns(
  db: Database,
  keys: string[],
  today: string,
): Promise<{ id: number; approved: ApprovedAd }[]> {
  const rows = await db
    .select({ id: campaigns.id, approved: campaigns.approved })
    .from(campaigns)
    .where(
      and(
        runningOn(today),
        sql`exists (select 1 from ${adBookings} where ${adBookings.campaignId} = ${campaigns.id}
          and ${adBookings.day} = ${today} and ${inArray(adBookings.key, keys)})`,
      ),
    )
    .orderBy(campaigns.id);
  return rows.flatMap((row) => (row.approved ? [{ id: row.id, approved: row.approved }] : []));
}

/**
 * Records a visitor's impression or click of a campaign in the current hour, with the token's
 * binding; when one was recorded already (the event's primary key is the dedupe), the binding of
 * the token that was, so the caller can tell the same token again from a new page's.
 */
export async function recordAdEvent(
  tx: Database,
  campaignId: number,
  kind: 'impression' | 'click',
  visitor: string,
  token: string,
): Promise<'recorded' | string> {
  const hour = sql`date_trunc('hour', now())`;
  const inserted = await tx
    .insert(adEvents)
    .values({ campaignId, kind, visitor, hour, token })
    .onConflictDoNothing()
    .returning({ id: adEvents.campaignId });
  if (inserted.length > 0) return 'recorded';
  const [existing] = await tx
    .select({ token: adEvents.token })
    .from(adEvents)
    .where(
      and(
        eq(adEvents.campaignId, campaignId),
        eq(adEvents.kind, kind),
        eq(adEvents.visitor, visitor),
        eq(adEvents.hour, hour),
      ),
    );
  return existing?.token ?? '';
}

/**
 * Adds one refused impression or click to a campaign's refusals of the day, by reason. Nothing
 * when the campaign is gone (a token can outlive it).
 */
export async function recordAdRefusal(
  db: Database,
  campaignId: number,
  day: string,
  kind: 'impression' | 'click',
  reason: AdRefusalReason,
): Promise<void> {
  await db
    .insert(adRefusalsDaily)
    .select(
      db
        .select({
          campaignId: campaigns.id,
          day: sql<string>`${day}::date`.as('day'),
          kind: sql<'impression' | 'click'>`${kind}::text`.as('kind'),
          reason: sql<AdRefusalReason>`${reason}::text`.as('reason'),
          count: sql<number>`1::integer`.as('count'),
        })
        .from(campaigns)
        .where(eq(campaigns.id, campaignId)),
    )
    .onConflictDoUpdate({
      target: [adRefusalsDaily.campaignId, adRefusalsDaily.day, adRefusalsDaily.kind, adRefusalsDaily.reason],
      set: { count: sql`${adRefusalsDaily.count} + 1` },
    });
}

/** The refusals of these campaigns from `from` on (every day when null), by day, kind and reason. */
export function refusalsSince(db: Database, ids: number[], from: string | null) {
  return db
    .select()
    .from(adRefusalsDaily)
    .where(
      and(
        inArray(adRefusalsDaily.campaignId, ids),
        from === null ? undefined : gte(adRefusalsDaily.day, from),
      ),
    );
}

/** Every refused impression and click of these campaigns, by campaign. */
export async function refusedTotalsOf(
  db: Database,
  ids: number[],
): Promise<Map<number, { impressions: number; clicks: number }>> {
  const totals = new Map<number, { impressions: number; clicks: number }>();
  if (ids.length === 0) return totals;
  const rows = await db
    .select({
      campaignId: adRefusalsDaily.campaignId,
      impressions: sql<number>`coalesce(sum(${adRefusalsDaily.count}) filter (where ${adRefusalsDaily.kind} = 'impression'), 0)::int`,
      clicks: sql<number>`coalesce(sum(${adRefusalsDaily.count}) filter (where ${adRefusalsDaily.kind} = 'click'), 0)::int`,
    })
    .from(adRefusalsDaily)
    .where(inArray(adRefusalsDaily.campaignId, ids))
    .groupBy(adRefusalsDaily.campaignId);
  for (const row of rows) {
    totals.set(row.campaignId, { impressions: Number(row.impressions), clicks: Number(row.clicks) });
  }
  return totals;
}

/**
 * Raises a running campaign's impressions by one, completing it when that reaches the count it
 * bought; null when it is not running today or has its count (the row lock makes concurrent
 * ones queue and re-check).
 */
export async function countImpressionOf(
  tx: Database,
  campaignId: number,
  today: string,
): Promise<CampaignRow | null> {
  const [updated] = await tx
    .update(campaigns)
    .set({
      impressionsServed: sql`${campaigns.impressionsServed} + 1`,
      status: sql`case when ${campaigns.impressions} is not null and ${campaigns.impressionsServed} + 1 >= ${campaigns.impressions} then 'completed' else ${campaigns.status} end`,
      completedAt: sql`case when ${campaigns.impressions} is not null and ${campaigns.impressionsServed} + 1 >= ${campaigns.impressions} then now() else ${campaigns.completedAt} end`,
    })
    .where(and(eq(campaigns.id, campaignId), runningOn(today)))
    .returning();
  return updated ?? null;
}

export async function countClickOf(tx: Database, campaignId: number): Promise<void> {
  await tx
    .update(campaigns)
    .set({ clicks: sql`${campaigns.clicks} + 1` })
    .where(eq(campaigns.id, campaignId));
}

/** Adds one impression or click to a campaign's figures of the day. */
export async function addToDailyStats(
  tx: Database,
  campaignId: number,
  day: string,
  kind: 'impressions' | 'clicks',
): Promise<void> {
  await tx
    .insert(adStatsDaily)
    .values(kind === 'impressions' ? { campaignId, day, impressions: 1 } : { campaignId, day, clicks: 1 })
    .onConflictDoUpdate({
      target: [adStatsDaily.campaignId, adStatsDaily.day],
      set:
        kind === 'impressions'
          ? { impressions: sql`${adStatsDaily.impressions} + 1` }
          : { clicks: sql`${adStatsDaily.clicks} + 1` },
    });
}

/** A campaign's approved content; null when it has none (or there is no such campaign). */
export async function approvedAdOf(db: Database, campaignId: number): Promise<ApprovedAd | null> {
  const [row] = await db
    .select({ approved: campaigns.approved })
    .from(campaigns)
    .where(eq(campaigns.id, campaignId));
  return row?.approved ?? null;
}

import { and, asc, count, desc, eq, gte, inArray, isNotNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { adBookings, adStatsDaily, campaignCities, campaigns, cities } from '../../db/schema';
import type { Page } from '../../lib/paging';

export type CampaignRow = typeof campaigns.$inferSelect;
export type NewCampaignRow = typeof campaigns.$inferInsert;
/** Columns to change in a campaign's row: values, or SQL such as `databaseNow()`. */
export type CampaignUpdate = PgUpdateSetSource<typeof campaigns>;
export type { ApprovedAd } from '../../db/schema';
export type CityRef = { id: number; slug: string; nameRu: string; nameEn: string };

/** The database's clock, for the times a change stamps (one clock for every instance). */
export const databaseNow = (): SQL => sql`now()`;

/** A campaign's row, locked until the transaction ends when `lock` says how; null when there is none. */
export async function findCampaign(
  db: Database,
  id: number,
  { owner, lock }: { owner?: number; lock?: 'update' | 'share' } = {},
): Promise<CampaignRow | null> {
  const query = db
    .select()
    .from(campaigns)
    .where(
      owner === undefined ? eq(campaigns.id, id) : and(eq(campaigns.id, id), eq(campaigns.accountId, owner)),
    );
  const [row] = lock ? await query.for(lock) : await query;
  return row ?? null;
}

export async function insertCampaign(tx: Database, values: NewCampaignRow): Promise<CampaignRow | null> {
  const [created] = await tx.insert(campaigns).values(values).returning();
  return created ?? null;
}

/** Changes columns of a campaign's row and answers the row; undefined when there is none. */
export async function updateCampaign(
  tx: Database,
  id: number,
  values: CampaignUpdate,
): Promise<CampaignRow | undefined> {
  const [updated] = await tx.update(campaigns).set(values).where(eq(campaigns.id, id)).returning();
  return updated;
}

export async function deleteCampaign(tx: Database, id: number): Promise<void> {
  await tx.delete(campaigns).where(eq(campaigns.id, id));
}

/** A page of an account's campaigns in these statuses, newest first. */
export function ownCampaignsPage(
  db: Database,
  accountId: number,
  statuses: CampaignRow['status'][],
  limit: number,
  offset: number,
): Promise<CampaignRow[]> {
  return db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.accountId, accountId), inArray(campaigns.status, statuses)))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(limit)
    .offset(offset);
}

export async function ownCampaignCount(
  db: Database,
  accountId: number,
  statuses: CampaignRow['status'][],
): Promise<number> {
  const [total] = await db
    .select({ n: count() })
    .from(campaigns)
    .where(and(eq(campaigns.accountId, accountId), inArray(campaigns.status, statuses)));
  return total?.n ?? 0;
}

/** Every campaign of an account. */
export function campaignsOfAccount(db: Database, accountId: number): Promise<CampaignRow[]> {
  return db.select().from(campaigns).where(eq(campaigns.accountId, accountId));
}

/** A page of the campaigns waiting for moderation, oldest submission first. */
export function campaignsInModerationPage(db: Database, page: Page): Promise<CampaignRow[]> {
  return db
    .select()
    .from(campaigns)
    .where(eq(campaigns.status, 'moderation'))
    .orderBy(asc(campaigns.submittedAt), asc(campaigns.id))
    .limit(page.perPage)
    .offset(page.offset);
}

/** How many campaigns wait for moderation. */
export async function campaignsInModerationCount(db: Database): Promise<number> {
  const [total] = await db.select({ n: count() }).from(campaigns).where(eq(campaigns.status, 'moderation'));
  return total?.n ?? 0;
}

/** The cities of these campaigns, each campaign's by slug. */
export function citiesOfCampaigns(db: Database, ids: number[]) {
  return db
    .select({
      campaignId: campaignCities.campaignId,
      id: cities.id,
      slug: cities.slug,
      nameRu: cities.nameRu,
      nameEn: cities.nameEn,
    })
    .from(campaignCities)
    .innerJoin(cities, eq(cities.id, campaignCities.cityId))
    .where(inArray(campaignCities.campaignId, ids))
    .orderBy(asc(cities.slug));
}

/** The cities of these slugs (those that exist). */
export function citiesBySlugs(db: Database, slugs: readonly string[]): Promise<CityRef[]> {
  return db
    .select({ id: cities.id, slug: cities.slug, nameRu: cities.nameRu, nameEn: cities.nameEn })
    .from(cities)
    .where(inArray(cities.slug, [...slugs]));
}

/** Replaces a campaign's cities. */
export async function setCampaignCities(tx: Database, campaignId: number, cityIds: number[]): Promise<void> {
  await tx.delete(campaignCities).where(eq(campaignCities.campaignId, campaignId));
  if (cityIds.length > 0) {
    await tx.insert(campaignCities).values(cityIds.map((cityId) => ({ campaignId, cityId })));
  }
}

/** Frees every day a campaign booked. */
export async function deleteBookings(tx: Database, campaignId: number): Promise<void> {
  await tx.delete(adBookings).where(eq(adBookings.campaignId, campaignId));
}

export async function insertBookings(
  tx: Database,
  bookings: { campaignId: number; key: string; day: string }[],
): Promise<void> {
  await tx.insert(adBookings).values(bookings);
}

/** Whether any campaign still names one of these stored images (its working or approved one). */
export async function imagesStillNamed(db: Database, keys: string[]): Promise<boolean> {
  const still = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(sql`${campaigns.imageKey} in ${keys} or ${campaigns.approved}->'image'->>'key' in ${keys}`);
  return still.length > 0;
}

/** The daily figures of these campaigns from `from` on. */
export function dailyStatsSince(db: Database, ids: number[], from: string) {
  return db
    .select()
    .from(adStatsDaily)
    .where(and(inArray(adStatsDaily.campaignId, ids), gte(adStatsDaily.day, from)));
}

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

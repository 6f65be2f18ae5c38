import { and, asc, count, desc, eq, gt, inArray, lte, ne, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import {
  cities,
  complaints,
  media,
  metroStations,
  modelProfiles,
  modelServices,
  services,
} from '../../db/schema';

export type ProfileRow = typeof modelProfiles.$inferSelect;
export type NewProfileRow = typeof modelProfiles.$inferInsert;
export type MediaRow = typeof media.$inferSelect;
/** Columns to change in a profile's row: values, or SQL such as `monthsFromNow`. */
export type ProfileUpdate = PgUpdateSetSource<typeof modelProfiles>;

/** The paid time of a profile listed for the first time: `months` from now. */
export const monthsFromNow = (months: number): SQL => sql`now() + make_interval(months => ${months})`;

/**
 * A profile's row, locked until the transaction ends; null when there is none. `owner` narrows
 * it to that account's profiles.
 */
export async function lockProfileRow(
  tx: Database,
  profileId: number,
  owner: number | null,
): Promise<ProfileRow | null> {
  const where: SQL[] = [eq(modelProfiles.id, profileId)];
  if (owner !== null) where.push(eq(modelProfiles.accountId, owner));
  const [row] = await tx
    .select()
    .from(modelProfiles)
    .where(and(...where))
    .for('update');
  return row ?? null;
}

/** Changes columns of a profile's row and answers the row; null when there is none. */
export async function updateProfile(
  tx: Database,
  profileId: number,
  values: ProfileUpdate,
): Promise<ProfileRow | null> {
  const [row] = await tx.update(modelProfiles).set(values).where(eq(modelProfiles.id, profileId)).returning();
  return row ?? null;
}

export async function insertProfile(tx: Database, values: NewProfileRow): Promise<ProfileRow | null> {
  const [row] = await tx.insert(modelProfiles).values(values).returning();
  return row ?? null;
}

/** A profile's row; null when there is none. `owner` narrows it to that account's profiles. */
export async function findProfile(
  db: Database,
  profileId: number,
  owner: number | null,
): Promise<ProfileRow | null> {
  const where: SQL[] = [eq(modelProfiles.id, profileId)];
  if (owner !== null) where.push(eq(modelProfiles.accountId, owner));
  const [row] = await db
    .select()
    .from(modelProfiles)
    .where(and(...where));
  return row ?? null;
}

export async function deleteProfile(tx: Database, profileId: number): Promise<void> {
  await tx.delete(modelProfiles).where(eq(modelProfiles.id, profileId));
}

/**
 * Pays a month more: the paid time runs a month past its end, or a month from now when it is
 * over (or was never set).
 */
export async function extendPaidTime(
  tx: Database,
  profileId: number,
  status: ProfileRow['status'],
): Promise<void> {
  await tx
    .update(modelProfiles)
    .set({
      status,
      expiresAt: sql`greatest(coalesce(${modelProfiles.expiresAt}, now()), now()) + interval '1 month'`,
      updatedAt: new Date(),
    })
    .where(eq(modelProfiles.id, profileId));
}

/** Complaints about a profile per reason, the most frequent first, with the latest of each. */
export function complaintsByReason(db: Database, profileId: number) {
  return db
    .select({
      reason: complaints.reason,
      count: count(),
      lastAt: sql<Date>`max(${complaints.createdAt})`.mapWith((value: string | Date) => new Date(value)),
    })
    .from(complaints)
    .where(eq(complaints.profileId, profileId))
    .groupBy(complaints.reason)
    .orderBy(desc(count()));
}

/** The account's profiles, newest first. */
export function profilesOf(db: Database, accountId: number): Promise<ProfileRow[]> {
  return db
    .select()
    .from(modelProfiles)
    .where(eq(modelProfiles.accountId, accountId))
    .orderBy(desc(modelProfiles.createdAt), desc(modelProfiles.id));
}

/** The media of the working version, in its order (main photo first). */
export function revisionMedia(tx: Database, profileId: number): Promise<MediaRow[]> {
  return tx
    .select()
    .from(media)
    .where(and(eq(media.profileId, profileId), eq(media.inRevision, true)))
    .orderBy(asc(media.kind), asc(media.revisionPosition), asc(media.id));
}

/** The ids of the approved version's media, in their public order. */
export async function publicMediaIds(db: Database, profileId: number): Promise<number[]> {
  const rows = await db
    .select({ id: media.id })
    .from(media)
    .where(and(eq(media.profileId, profileId), eq(media.isPublic, true)))
    .orderBy(asc(media.kind), asc(media.position), asc(media.id));
  return rows.map((row) => row.id);
}

/** A city's id by its slug; null for none. */
export async function cityIdBySlug(db: Database, slug: string): Promise<number | null> {
  const [city] = await db.select({ id: cities.id }).from(cities).where(eq(cities.slug, slug));
  return city?.id ?? null;
}

/** The city of a metro station; null when there is no such station. */
export async function metroStationCity(db: Database, metroId: number): Promise<number | null> {
  const [station] = await db
    .select({ cityId: metroStations.cityId })
    .from(metroStations)
    .where(eq(metroStations.id, metroId));
  return station ? station.cityId : null;
}

/** The services of the catalogue among these category-and-code pairs (those that exist). */
export function servicesByCode(db: Database, wanted: readonly { category: string; code: string }[]) {
  return db
    .select({ id: services.id, category: services.category, code: services.code })
    .from(services)
    .where(
      sql`(${services.category}, ${services.code}) in (${sql.join(
        wanted.map((item) => sql`(${item.category}, ${item.code})`),
        sql`, `,
      )})`,
    );
}

/**
 * Replaces a profile's approved services with these (a pair the catalogue no longer has is
 * left out), in the caller's transaction.
 */
export async function replaceServices(
  tx: Database,
  profileId: number,
  items: readonly { category: string; code: string; description: string | null }[],
): Promise<void> {
  await tx.delete(modelServices).where(eq(modelServices.profileId, profileId));
  if (items.length > 0) {
    const rows = await servicesByCode(tx, items);
    const idOf = new Map(rows.map((item) => [`${item.category}.${item.code}`, item.id]));
    await tx.insert(modelServices).values(
      items.flatMap((item) => {
        const serviceId = idOf.get(`${item.category}.${item.code}`);
        return serviceId === undefined ? [] : [{ profileId, serviceId, description: item.description }];
      }),
    );
  }
}

/** A city's id and slug; null for none. */
export async function cityById(db: Database, cityId: number): Promise<{ id: number; slug: string } | null> {
  const [city] = await db
    .select({ id: cities.id, slug: cities.slug })
    .from(cities)
    .where(eq(cities.id, cityId));
  return city ?? null;
}

/** Locks a city's row until the transaction ends: purchases of its top slots queue behind it. */
export async function lockCity(tx: Database, cityId: number): Promise<void> {
  await tx.select({ id: cities.id }).from(cities).where(eq(cities.id, cityId)).for('update');
}

/** When the top placements of the other profiles in a city's top now end, soonest first. */
export async function topEndsInCity(tx: Database, cityId: number, exceptProfileId: number): Promise<Date[]> {
  const taken = await tx
    .select({ until: modelProfiles.topUntil })
    .from(modelProfiles)
    .where(
      and(
        eq(modelProfiles.cityId, cityId),
        ne(modelProfiles.id, exceptProfileId),
        gt(modelProfiles.topUntil, sql`now()`),
      ),
    )
    .orderBy(asc(modelProfiles.topUntil));
  return taken.map((row) => row.until).filter((until): until is Date => until !== null);
}

/** Top placement for `days` more: from its end, or from now when it is over. */
export async function extendTop(tx: Database, profileId: number, days: number): Promise<void> {
  await tx
    .update(modelProfiles)
    .set({
      topUntil: sql`greatest(coalesce(${modelProfiles.topUntil}, now()), now()) + make_interval(days => ${days})`,
    })
    .where(eq(modelProfiles.id, profileId));
}

/** Raises the profile to the top of its city's list. */
export async function markBumped(tx: Database, profileId: number): Promise<void> {
  await tx.update(modelProfiles).set({ bumpedAt: sql`now()` }).where(eq(modelProfiles.id, profileId));
}

/** Shows the video a month more: from the end of its display, or from now when it is over. */
export async function extendVideo(tx: Database, profileId: number): Promise<void> {
  await tx
    .update(modelProfiles)
    .set({
      hasVideo: true,
      videoUntil: sql`greatest(coalesce(${modelProfiles.videoUntil}, now()), now()) + interval '1 month'`,
    })
    .where(eq(modelProfiles.id, profileId));
}

/** Whether the approved version has a video. */
export async function hasPublicVideo(db: Database, profileId: number): Promise<boolean> {
  const [video] = await db
    .select({ id: media.id })
    .from(media)
    .where(and(eq(media.profileId, profileId), eq(media.kind, 'video'), eq(media.isPublic, true)));
  return video !== undefined;
}

/** A city's slug; null for none. */
export async function citySlugOf(db: Database, cityId: number): Promise<string | null> {
  const [city] = await db.select({ slug: cities.slug }).from(cities).where(eq(cities.id, cityId));
  return city?.slug ?? null;
}

/** The approved services of a profile in the form's shape and order. */
export function approvedServicesOf(db: Database, profileId: number) {
  return db
    .select({ category: services.category, code: services.code, description: modelServices.description })
    .from(modelServices)
    .innerJoin(services, eq(services.id, modelServices.serviceId))
    .where(eq(modelServices.profileId, profileId))
    .orderBy(asc(services.category), asc(services.sort), asc(services.id));
}

/**
 * Listed (or paused) profiles whose paid time is over at `now`, locked for the expiry job's
 * transaction; rows another transaction holds are skipped (they are due again next round).
 */
export function lockProfilesDueToExpire(tx: Database, now: Date) {
  return tx
    .select({ id: modelProfiles.id, accountId: modelProfiles.accountId, name: modelProfiles.name })
    .from(modelProfiles)
    .where(
      and(
        inArray(modelProfiles.status, ['active', 'published', 'unactive']),
        lte(modelProfiles.expiresAt, now),
      ),
    )
    .for('update', { skipLocked: true });
}

export async function markExpired(tx: Database, ids: number[], now: Date): Promise<void> {
  await tx
    .update(modelProfiles)
    .set({ status: 'expired', updatedAt: now })
    .where(inArray(modelProfiles.id, ids));
}

/** Stops showing the video of profiles whose month of video display ran out; answers how many. */
export async function endExpiredVideos(tx: Database, now: Date): Promise<number> {
  const ended = await tx
    .update(modelProfiles)
    .set({ hasVideo: false })
    .where(and(eq(modelProfiles.hasVideo, true), lte(modelProfiles.videoUntil, now)))
    .returning({ id: modelProfiles.id });
  return ended.length;
}

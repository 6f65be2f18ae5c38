import { and, asc, desc, eq, inArray, lte, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, media, modelProfiles, modelServices, services } from '../../db/schema';

export type ProfileRow = typeof modelProfiles.$inferSelect;
export type NewProfileRow = typeof modelProfiles.$inferInsert;
export type MediaRow = typeof media.$inferSelect;

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
  values: Partial<NewProfileRow>,
): Promise<ProfileRow | null> {
  const [row] = await tx.update(modelProfiles).set(values).where(eq(modelProfiles.id, profileId)).returning();
  return row ?? null;
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

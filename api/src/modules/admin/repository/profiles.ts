import type { AdminProfile } from 'contracts';
import { desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { cities, complaints, modelProfiles } from '../../../db/schema';
import { ApiError } from '../../../lib/api-error';
import { effectiveStatus } from '../../own-profiles/revision';
import { qualified } from '../../../db/qualified';

const iso = (at: Date | null) => at?.toISOString() ?? null;

/** Profiles as the administration lists them, newest first. */
async function adminProfilesWhere(db: Database, where: SQL | undefined): Promise<AdminProfile[]> {
  const rows = await db
    .select({
      profile: modelProfiles,
      city: { slug: cities.slug, ru: cities.nameRu, en: cities.nameEn },
      openComplaints:
        sql<number>`(select count(*) from ${complaints} where ${qualified(complaints.profileId)} = ${qualified(modelProfiles.id)} and ${qualified(complaints.status)} = 'new')`.mapWith(
          Number,
        ),
    })
    .from(modelProfiles)
    .leftJoin(cities, eq(cities.id, modelProfiles.cityId))
    .where(where)
    .orderBy(desc(modelProfiles.createdAt), desc(modelProfiles.id));
  return rows.map(({ profile, city, openComplaints }) => ({
    id: profile.id,
    accountId: profile.accountId,
    name: profile.name,
    category: profile.category,
    city: city ? { slug: city.slug, name: { ru: city.ru, en: city.en } } : null,
    status: effectiveStatus(profile),
    lifecycleStatus: profile.status,
    review: profile.review,
    isBlocked: profile.isBlocked,
    blockReason: profile.blockReason,
    blockSource: profile.blockSource,
    heldAt: iso(profile.heldAt),
    openComplaints,
    submittedAt: iso(profile.submittedAt),
    publishedAt: iso(profile.publishedAt),
    expiresAt: iso(profile.expiresAt),
  }));
}

/** These profiles as the administration lists them, newest first. */
export function adminProfilesByIds(db: Database, ids: number[]): Promise<AdminProfile[]> {
  return adminProfilesWhere(db, inArray(modelProfiles.id, ids));
}

/** An account's profiles as the administration lists them, newest first. */
export function adminProfilesOfAccount(db: Database, accountId: number): Promise<AdminProfile[]> {
  return adminProfilesWhere(db, eq(modelProfiles.accountId, accountId));
}

/** One profile as the administration sees it; 404 MODEL_NOT_FOUND when there is none. */
export async function adminProfileById(db: Database, id: number): Promise<AdminProfile> {
  const [profile] = await adminProfilesWhere(db, eq(modelProfiles.id, id));
  if (!profile) throw new ApiError(404, 'MODEL_NOT_FOUND');
  return profile;
}

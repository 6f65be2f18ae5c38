import { APPROVED_STATUSES, type LocalizedText } from 'contracts';
import { and, asc, count, eq, inArray, isNotNull, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { cities, media, modelProfiles } from '../../../db/schema';
import type { Page } from '../../../lib/paging';
import { accountEmails } from '../../account/repository';
import type { MediaRow, ProfileRow } from '../../own-profiles/repository';

/**
 * Waiting for a moderator: a new profile sent (`pending`), or the changes of an approved one
 * (`review` pending). A blocked profile waits for nothing: approve and reject refuse it.
 */
const waiting: SQL = and(
  eq(modelProfiles.isBlocked, false),
  isNotNull(modelProfiles.submittedAt),
  or(
    eq(modelProfiles.status, 'pending'),
    and(inArray(modelProfiles.status, [...APPROVED_STATUSES]), eq(modelProfiles.review, 'pending')),
  ),
) as SQL;

export type CityRef = { slug: string; name: LocalizedText };

/** A page of the profiles waiting for moderation, oldest submission first. */
export function waitingProfilesPage(db: Database, page: Page): Promise<ProfileRow[]> {
  return db
    .select()
    .from(modelProfiles)
    .where(waiting)
    .orderBy(asc(modelProfiles.submittedAt), asc(modelProfiles.id))
    .limit(page.perPage)
    .offset(page.offset);
}

/** How many profiles wait for moderation. */
export async function waitingProfileCount(db: Database): Promise<number> {
  const [total] = await db.select({ n: count() }).from(modelProfiles).where(waiting);
  return total?.n ?? 0;
}

/** These cities by their slugs, with their names. */
export async function citiesBySlug(db: Database, slugs: string[]): Promise<Map<string, CityRef>> {
  if (slugs.length === 0) return new Map();
  const rows = await db
    .select({ slug: cities.slug, ru: cities.nameRu, en: cities.nameEn })
    .from(cities)
    .where(inArray(cities.slug, slugs));
  return new Map(rows.map((row) => [row.slug, { slug: row.slug, name: { ru: row.ru, en: row.en } }]));
}

/** The e-mails of these accounts, by id. */
export async function ownersOf(
  db: Database,
  ids: number[],
): Promise<Map<number, { id: number; email: string }>> {
  return new Map((await accountEmails(db, ids)).map((row) => [row.id, row]));
}

/** Every file of a profile, of the working version and of the approved one. */
export const filesOf = (db: Database, profileId: number): Promise<MediaRow[]> =>
  db.select().from(media).where(eq(media.profileId, profileId));

/**
 * A profile's row under a shared lock until the transaction ends: an approval or rejection
 * running now finishes first. Null when there is none.
 */
export async function lockProfileShared(tx: Database, profileId: number): Promise<ProfileRow | null> {
  const [row] = await tx.select().from(modelProfiles).where(eq(modelProfiles.id, profileId)).for('share');
  return row ?? null;
}

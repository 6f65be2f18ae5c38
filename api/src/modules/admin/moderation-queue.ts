import {
  APPROVED_STATUSES,
  type AdminCounts,
  type AdminPageQuery,
  awaitsModeration,
  hasApprovedVersion,
  type LocalizedText,
  type ModerationDetails,
  type ModerationQueue,
  type ProfileChanges,
} from 'contracts';
import { and, asc, count, countDistinct, eq, inArray, isNotNull, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts, campaigns, cities, complaints, media, modelProfiles } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { toOwnMedia } from '../media/service';
import { approvedVersionOf, revisionOf } from '../own-profiles/own-profile';
import type { MediaRow, ProfileRow } from '../own-profiles/repository';
import { changedFields, mediaChanges, mediaVersions, normalisedVersion } from './changes';
import { claims } from '../claims/repository';
import { pageOf, paged } from '../../lib/paging';
import { adminProfileById } from './repository/profiles';

/**
 * Waiting for a moderator: a new profile sent (`pending`), or the changes of an approved one
 * (`review` pending). A blocked profile waits for nothing: approve and reject refuse it.
 */
export const waiting: SQL = and(
  eq(modelProfiles.isBlocked, false),
  isNotNull(modelProfiles.submittedAt),
  or(
    eq(modelProfiles.status, 'pending'),
    and(inArray(modelProfiles.status, [...APPROVED_STATUSES]), eq(modelProfiles.review, 'pending')),
  ),
) as SQL;

type CityRef = { slug: string; name: LocalizedText };

async function citiesBySlug(db: Database, slugs: string[]): Promise<Map<string, CityRef>> {
  if (slugs.length === 0) return new Map();
  const rows = await db
    .select({ slug: cities.slug, ru: cities.nameRu, en: cities.nameEn })
    .from(cities)
    .where(inArray(cities.slug, slugs));
  return new Map(rows.map((row) => [row.slug, { slug: row.slug, name: { ru: row.ru, en: row.en } }]));
}

async function ownersOf(db: Database, ids: number[]): Promise<Map<number, { id: number; email: string }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: accounts.id, email: accounts.email })
    .from(accounts)
    .where(inArray(accounts.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

const filesOf = (db: Database, profileId: number): Promise<MediaRow[]> =>
  db.select().from(media).where(eq(media.profileId, profileId));

/** The submitted version of a profile and, for an edit, what it changes in the approved one. */
async function versionsOf(db: Database, row: ProfileRow) {
  const submitted = normalisedVersion(await revisionOf(db, row));
  const firstPublication = !hasApprovedVersion(row.status);
  const approved = firstPublication ? null : await approvedVersionOf(db, row);
  const files = await filesOf(db, row.id);
  const changes: ProfileChanges | null = approved
    ? { fields: changedFields(approved, submitted), ...mediaChanges(files) }
    : null;
  return { submitted, approved, firstPublication, files, changes };
}

const slugOf = (version: Record<string, unknown>) => (typeof version.city === 'string' ? version.city : null);

export function createModerationQueue(db: Database) {
  return {
    /** Profiles waiting for moderation, oldest submission first. */
    async list(query: AdminPageQuery, me: number): Promise<ModerationQueue> {
      const page = pageOf(query);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(modelProfiles)
          .where(waiting)
          .orderBy(asc(modelProfiles.submittedAt), asc(modelProfiles.id))
          .limit(page.perPage)
          .offset(page.offset),
        db.select({ n: count() }).from(modelProfiles).where(waiting),
      ]);
      const versions = await Promise.all(rows.map((row) => versionsOf(db, row)));
      const cityRefs = await citiesBySlug(
        db,
        versions.flatMap(({ submitted }) => slugOf(submitted) ?? []),
      );
      const owners = await ownersOf(
        db,
        rows.flatMap((row) => row.accountId ?? []),
      );
      const claimOf = await claims.of(
        db,
        'profile',
        rows.map((row) => row.id),
        me,
      );
      const items = rows.map((row, index) => {
        const version = versions[index];
        if (!version) throw new Error('a queue row lost its version');
        const slug = slugOf(version.submitted);
        const name = version.submitted.name;
        return {
          id: row.id,
          owner: (row.accountId !== null && owners.get(row.accountId)) || null,
          name: typeof name === 'string' ? name : row.name,
          city: (slug && cityRefs.get(slug)) || null,
          submittedAt: (row.submittedAt ?? row.updatedAt).toISOString(),
          firstPublication: version.firstPublication,
          changes: version.changes,
          claim: claimOf.get(row.id) ?? null,
        };
      });
      return paged(items, total?.n ?? 0, page);
    },

    /** A profile's submitted version beside its approved one, with the files of each. */
    async details(id: number, me: number): Promise<ModerationDetails> {
      const [row] = await db.select().from(modelProfiles).where(eq(modelProfiles.id, id));
      if (!row) throw new ApiError(404, 'MODEL_NOT_FOUND');
      const { submitted, approved, firstPublication, files, changes } = await versionsOf(db, row);
      const owners = await ownersOf(db, row.accountId === null ? [] : [row.accountId]);
      const ordered = mediaVersions(files);
      const claimOf = await claims.of(db, 'profile', [id], me);
      return {
        profile: await adminProfileById(db, id),
        owner: (row.accountId !== null && owners.get(row.accountId)) || null,
        waiting: !row.isBlocked && row.submittedAt !== null && awaitsModeration(row.status, row.review),
        firstPublication,
        submitted,
        approved,
        submittedMedia: ordered.submitted.map(toOwnMedia),
        // toOwnMedia gives the working order; visitors see the approved one.
        approvedMedia: ordered.approved.map((file) => ({ ...toOwnMedia(file), position: file.position })),
        changes,
        rejectReason: row.rejectReason,
        claim: claimOf.get(id) ?? null,
      };
    },

    /** Claims a waiting profile for `me` (or renews the claim): 409 CLAIMED when another holds it. */
    async claim(id: number, me: number) {
      return db.transaction(async (tx) => {
        // Shared lock: an approval or rejection running now finishes first (and clears claims).
        const [row] = await tx.select().from(modelProfiles).where(eq(modelProfiles.id, id)).for('share');
        if (!row) throw new ApiError(404, 'MODEL_NOT_FOUND');
        if (row.isBlocked || row.submittedAt === null || !awaitsModeration(row.status, row.review)) {
          throw new ApiError(409, 'TRANSITION_NOT_ALLOWED');
        }
        return { claim: await claims.claim(tx, 'profile', id, me) };
      });
    },

    /** Drops my claim on a profile; 404 for a profile that does not exist. */
    async release(id: number, me: number): Promise<void> {
      const [row] = await db
        .select({ id: modelProfiles.id })
        .from(modelProfiles)
        .where(eq(modelProfiles.id, id));
      if (!row) throw new ApiError(404, 'MODEL_NOT_FOUND');
      await claims.release(db, 'profile', id, me);
    },
  };
}

/** What waits for the administration, for the menu's badges. */
export function createModerationCounts(db: Database) {
  return async (): Promise<AdminCounts> => {
    const [[profiles], [waitingCampaigns], [complained]] = await Promise.all([
      db.select({ n: count() }).from(modelProfiles).where(waiting),
      db.select({ n: count() }).from(campaigns).where(eq(campaigns.status, 'moderation')),
      db
        .select({ n: countDistinct(complaints.profileId) })
        .from(complaints)
        .where(eq(complaints.status, 'new')),
    ]);
    return {
      profiles: profiles?.n ?? 0,
      campaigns: waitingCampaigns?.n ?? 0,
      complaints: complained?.n ?? 0,
    };
  };
}

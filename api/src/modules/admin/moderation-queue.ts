import {
  type AdminCounts,
  type AdminPageQuery,
  awaitsModeration,
  hasApprovedVersion,
  type ModerationDetails,
  type ModerationQueue,
  type ProfileChanges,
} from 'contracts';
import type { Database } from '../../db/client';
import { ApiError } from '../../lib/api-error';
import { toOwnMedia } from '../media/service';
import { approvedVersionOf, revisionOf } from '../own-profiles/own-profile';
import { findProfile, type ProfileRow } from '../own-profiles/repository';
import { changedFields, mediaChanges, mediaVersions, normalisedVersion } from './changes';
import { campaignsInModerationCount } from '../campaigns/repository';
import { claims } from '../claims/repository';
import { pageOf, paged } from '../../lib/paging';
import { profilesWithOpenComplaints } from './repository/complaints';
import {
  citiesBySlug,
  filesOf,
  lockProfileShared,
  ownersOf,
  waitingProfileCount,
  waitingProfilesPage,
} from './repository/moderation-queue';
import { adminProfileById } from './repository/profiles';

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
      const [rows, total] = await Promise.all([waitingProfilesPage(db, page), waitingProfileCount(db)]);
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
      return paged(items, total, page);
    },

    /** A profile's submitted version beside its approved one, with the files of each. */
    async details(id: number, me: number): Promise<ModerationDetails> {
      const row = await findProfile(db, id, null);
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
        const row = await lockProfileShared(tx, id);
        if (!row) throw new ApiError(404, 'MODEL_NOT_FOUND');
        if (row.isBlocked || row.submittedAt === null || !awaitsModeration(row.status, row.review)) {
          throw new ApiError(409, 'TRANSITION_NOT_ALLOWED');
        }
        return { claim: await claims.claim(tx, 'profile', id, me) };
      });
    },

    /** Drops my claim on a profile; 404 for a profile that does not exist. */
    async release(id: number, me: number): Promise<void> {
      if (!(await findProfile(db, id, null))) throw new ApiError(404, 'MODEL_NOT_FOUND');
      await claims.release(db, 'profile', id, me);
    },
  };
}

/** What waits for the administration, for the menu's badges. */
export function createModerationCounts(db: Database) {
  return async (): Promise<AdminCounts> => {
    const [profiles, campaigns, complaints] = await Promise.all([
      waitingProfileCount(db),
      campaignsInModerationCount(db),
      profilesWithOpenComplaints(db),
    ]);
    return { profiles, campaigns, complaints };
  };
}

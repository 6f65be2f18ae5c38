import {
  type AdminPageQuery,
  COMPLAINT_REASONS,
  type ComplaintQueue,
  type ComplaintReason,
  type ProfileComplaints,
} from 'contracts';
import { and, count, countDistinct, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { complaints, modelProfiles } from '../../db/schema';
import { ApiError } from '../../lib/api-error';
import { recordAdminAction } from '../audit/repository';
import { lockProfile } from '../own-profiles/revision';
import { pageOf, paged } from '../../lib/paging';
import { adminProfileById, adminProfilesWhere } from './repository/profiles';

const open = eq(complaints.status, 'new');

/** Enough of a visitor's hash to tell visitors apart, too little to look anyone up by. */
const VISITOR_TAG_LENGTH = 8;

const noReasons = () =>
  Object.fromEntries(COMPLAINT_REASONS.map((reason) => [reason, 0])) as Record<ComplaintReason, number>;

/** The moderators' side of complaints: what waits, about whom, and dismissing it. */
export function createComplaintReview(fastify: FastifyInstance) {
  const { db } = fastify;

  return {
    /** Profiles with open complaints: held ones first, then the most complained about. */
    async queue(query: AdminPageQuery): Promise<ComplaintQueue> {
      const page = pageOf(query);
      const opened = count();
      const latest = max(complaints.createdAt);
      const [rows, [total]] = await Promise.all([
        db
          .select({
            profileId: complaints.profileId,
            count: opened,
            visitors: countDistinct(complaints.visitorKey),
            latestAt: latest,
          })
          .from(complaints)
          .innerJoin(modelProfiles, eq(modelProfiles.id, complaints.profileId))
          .where(open)
          .groupBy(complaints.profileId, modelProfiles.heldAt)
          .orderBy(
            sql`${modelProfiles.heldAt} is null`,
            desc(opened),
            desc(latest),
            desc(complaints.profileId),
          )
          .limit(page.perPage)
          .offset(page.offset),
        db
          .select({ n: countDistinct(complaints.profileId) })
          .from(complaints)
          .where(open),
      ]);
      const ids = rows.map((row) => row.profileId);
      const [profiles, reasons] =
        ids.length === 0
          ? [[], []]
          : await Promise.all([
              adminProfilesWhere(db, inArray(modelProfiles.id, ids)),
              db
                .select({ profileId: complaints.profileId, reason: complaints.reason, n: count() })
                .from(complaints)
                .where(and(open, inArray(complaints.profileId, ids)))
                .groupBy(complaints.profileId, complaints.reason),
            ]);
      const profileById = new Map(profiles.map((profile) => [profile.id, profile]));
      const items = rows.map((row) => {
        const profile = profileById.get(row.profileId);
        if (!profile) throw new Error(`profile ${row.profileId} of a complaint is missing`);
        const byReason = noReasons();
        for (const line of reasons) if (line.profileId === row.profileId) byReason[line.reason] = line.n;
        return {
          profile,
          count: row.count,
          visitors: row.visitors,
          reasons: byReason,
          latestAt: (row.latestAt ?? new Date(0)).toISOString(),
        };
      });
      return paged(items, total?.n ?? 0, page);
    },

    /** Every complaint about one profile, newest first. */
    async ofProfile(profileId: number, query: AdminPageQuery): Promise<ProfileComplaints> {
      const profile = await adminProfileById(db, profileId);
      const page = pageOf(query);
      const where = eq(complaints.profileId, profileId);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(complaints)
          .where(where)
          .orderBy(desc(complaints.createdAt), desc(complaints.id))
          .limit(page.perPage)
          .offset(page.offset),
        db.select({ n: count() }).from(complaints).where(where),
      ]);
      const items = rows.map((row) => ({
        id: row.id,
        reason: row.reason,
        text: row.text,
        status: row.status as 'new' | 'resolved' | 'dismissed',
        day: row.day,
        visitor: row.visitorKey.slice(0, VISITOR_TAG_LENGTH),
        createdAt: row.createdAt.toISOString(),
      }));
      return { profile, ...paged(items, total?.n ?? 0, page) };
    },

    /**
     * A moderator finds nothing wrong: the open complaints are dismissed and a hold they caused
     * ends, so the profile is listed again. 409 CONFLICT when there is nothing to dismiss.
     */
    async dismiss(adminId: number, profileId: number): Promise<void> {
      const wasHeld = await db.transaction(async (tx) => {
        const row = await lockProfile(tx, profileId, null);
        const dismissed = await tx
          .update(complaints)
          .set({ status: 'dismissed' })
          .where(and(eq(complaints.profileId, profileId), open))
          .returning({ id: complaints.id });
        if (dismissed.length === 0 && row.heldAt === null) throw new ApiError(409, 'CONFLICT');
        if (row.heldAt !== null) {
          await tx.update(modelProfiles).set({ heldAt: null }).where(eq(modelProfiles.id, profileId));
        }
        await recordAdminAction(tx, {
          adminId,
          action: 'complaints.dismiss',
          targetType: 'profile',
          targetId: profileId,
          details: { complaints: dismissed.map((complaint) => complaint.id), wasHeld: row.heldAt !== null },
        });
        return row.heldAt !== null;
      });
      if (wasHeld) fastify.listingCache.clear();
    },
  };
}

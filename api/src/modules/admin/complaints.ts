import {
  type AdminPageQuery,
  COMPLAINT_REASONS,
  type ComplaintQueue,
  type ComplaintReason,
  type ProfileComplaints,
} from 'contracts';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '../../lib/api-error';
import { pageOf, paged } from '../../lib/paging';
import { recordAdminAction } from '../audit/repository';
import { updateProfile } from '../own-profiles/repository';
import { lockProfile } from '../own-profiles/revision';
import {
  closeOpenComplaints,
  complaintCountOf,
  complaintQueuePage,
  complaintsOfProfile,
  openComplaintReasons,
  profilesWithOpenComplaints,
} from './repository/complaints';
import { adminProfileById, adminProfilesByIds } from './repository/profiles';

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
      const [rows, total] = await Promise.all([complaintQueuePage(db, page), profilesWithOpenComplaints(db)]);
      const ids = rows.map((row) => row.profileId);
      const [profiles, reasons] =
        ids.length === 0
          ? [[], []]
          : await Promise.all([adminProfilesByIds(db, ids), openComplaintReasons(db, ids)]);
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
      return paged(items, total, page);
    },

    /** Every complaint about one profile, newest first. */
    async ofProfile(profileId: number, query: AdminPageQuery): Promise<ProfileComplaints> {
      const profile = await adminProfileById(db, profileId);
      const page = pageOf(query);
      const [rows, total] = await Promise.all([
        complaintsOfProfile(db, profileId, page),
        complaintCountOf(db, profileId),
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
      return { profile, ...paged(items, total, page) };
    },

    /**
     * A moderator finds nothing wrong: the open complaints are dismissed and a hold they caused
     * ends, so the profile is listed again. 409 CONFLICT when there is nothing to dismiss.
     */
    async dismiss(adminId: number, profileId: number): Promise<void> {
      const wasHeld = await db.transaction(async (tx) => {
        const row = await lockProfile(tx, profileId, null);
        const dismissed = await closeOpenComplaints(tx, profileId, 'dismissed');
        if (dismissed.length === 0 && row.heldAt === null) throw new ApiError(409, 'CONFLICT');
        if (row.heldAt !== null) {
          await updateProfile(tx, profileId, { heldAt: null });
        }
        await recordAdminAction(tx, {
          adminId,
          action: 'complaints.dismiss',
          targetType: 'profile',
          targetId: profileId,
          details: { complaints: dismissed, wasHeld: row.heldAt !== null },
        });
        return row.heldAt !== null;
      });
      if (wasHeld) fastify.listingCache.clear();
    },
  };
}

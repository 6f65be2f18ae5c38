import { and, count, countDistinct, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { complaints, modelProfiles } from '../../../db/schema';
import type { Page } from '../../../lib/paging';

const open = eq(complaints.status, 'new');

/**
 * A page of the profiles with open complaints: held ones first, then the most complained about,
 * with their open complaints, distinct visitors and the latest complaint.
 */
export function complaintQueuePage(db: Database, page: Page) {
  const opened = count();
  const latest = max(complaints.createdAt);
  return db
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
    .orderBy(sql`${modelProfiles.heldAt} is null`, desc(opened), desc(latest), desc(complaints.profileId))
    .limit(page.perPage)
    .offset(page.offset);
}

/** How many profiles have open complaints. */
export async function profilesWithOpenComplaints(db: Database): Promise<number> {
  const [total] = await db
    .select({ n: countDistinct(complaints.profileId) })
    .from(complaints)
    .where(open);
  return total?.n ?? 0;
}

/** Open complaints per profile and reason, of these profiles. */
export function openComplaintReasons(db: Database, profileIds: number[]) {
  return db
    .select({ profileId: complaints.profileId, reason: complaints.reason, n: count() })
    .from(complaints)
    .where(and(open, inArray(complaints.profileId, profileIds)))
    .groupBy(complaints.profileId, complaints.reason);
}

/** A page of the complaints about a profile, newest first. */
export function complaintsOfProfile(db: Database, profileId: number, page: Page) {
  return db
    .select()
    .from(complaints)
    .where(eq(complaints.profileId, profileId))
    .orderBy(desc(complaints.createdAt), desc(complaints.id))
    .limit(page.perPage)
    .offset(page.offset);
}

export async function complaintCountOf(db: Database, profileId: number): Promise<number> {
  const [total] = await db.select({ n: count() }).from(complaints).where(eq(complaints.profileId, profileId));
  return total?.n ?? 0;
}

/** Closes a profile's open complaints as `status` (in the caller's transaction); answers their ids. */
export async function closeOpenComplaints(
  tx: Database,
  profileId: number,
  status: 'resolved' | 'dismissed',
): Promise<number[]> {
  const closed = await tx
    .update(complaints)
    .set({ status })
    .where(and(eq(complaints.profileId, profileId), open))
    .returning({ id: complaints.id });
  return closed.map((complaint) => complaint.id);
}

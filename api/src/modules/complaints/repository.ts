import type { ComplaintReason } from 'contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { complaints, modelProfiles, profileIsVisible } from '../../db/schema';
import { holdsProfile } from './hold';

export interface NewComplaint {
  profileId: number;
  reason: ComplaintReason;
  text: string | undefined;
  visitorKey: string;
  /** The client network, keyed (see `holdsProfile`). */
  networkKey: string;
  /** The signed-in account, or null for a guest. */
  accountId: number | null;
  day: string;
}

/** `held`: created, and it put the profile on hold (hidden until a moderator reviews it). */
export type ComplaintOutcome = 'created' | 'held' | 'duplicate' | 'hidden';

/**
 * @param holdThreshold how much open complaints about one profile on one day must weigh to hide it
 *   until a moderator reviews them (see `holdsProfile`: registered visitors, guests' networks).
 */
export function createComplaintRepository(db: Database, holdThreshold: number) {
  return {
    /**
     * Stores a complaint about a visible profile for moderation. The unique key on (profile,
     * visitor, day) decides between concurrent duplicates: exactly one of them is 'created'.
     */
    create(complaint: NewComplaint): Promise<ComplaintOutcome> {
      return db.transaction(async (tx) => {
        // The profile's row stays locked until the end: complaints about one profile are counted
        // one after the other, so two arriving together cannot both miss the threshold.
        const [visible] = await tx
          .select({ id: modelProfiles.id })
          .from(modelProfiles)
          .where(and(eq(modelProfiles.id, complaint.profileId), profileIsVisible))
          .for('update');
        if (!visible) return 'hidden';
        const inserted = await tx
          .insert(complaints)
          .values({
            profileId: complaint.profileId,
            reason: complaint.reason,
            text: complaint.text ?? null,
            visitorKey: complaint.visitorKey,
            networkKey: complaint.networkKey,
            accountId: complaint.accountId,
            day: complaint.day,
          })
          .onConflictDoNothing()
          .returning({ id: complaints.id });
        if (inserted.length === 0) return 'duplicate';
        const [today] = await tx
          .select({
            accounts: sql<number>`count(distinct ${complaints.accountId})::int`,
            accountNetworks: sql<number>`count(distinct ${complaints.networkKey}) filter (where ${complaints.accountId} is not null)::int`,
            guestNetworks: sql<number>`count(distinct ${complaints.networkKey}) filter (where ${complaints.accountId} is null)::int`,
          })
          .from(complaints)
          .where(
            and(
              eq(complaints.profileId, complaint.profileId),
              eq(complaints.day, complaint.day),
              eq(complaints.status, 'new'),
            ),
          );
        if (!today || !holdsProfile(today, holdThreshold)) return 'created';
        const held = await tx
          .update(modelProfiles)
          .set({ heldAt: new Date() })
          .where(and(eq(modelProfiles.id, complaint.profileId), isNull(modelProfiles.heldAt)))
          .returning({ id: modelProfiles.id });
        return held.length > 0 ? 'held' : 'created';
      });
    },
  };
}

import type { ComplaintReason } from 'contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { complaints, modelProfiles, profileIsVisible } from '../../db/schema';

export interface NewComplaint {
  profileId: number;
  reason: ComplaintReason;
  text: string | undefined;
  visitorKey: string;
  day: string;
}

export type ComplaintOutcome = 'created' | 'duplicate' | 'hidden';

export function createComplaintRepository(db: Database) {
  return {
    /**
     * Stores a complaint about a visible profile for moderation. The unique key on (profile,
     * visitor, day) decides between concurrent duplicates: exactly one of them is 'created'.
     */
    async create(complaint: NewComplaint): Promise<ComplaintOutcome> {
      const [visible] = await db
        .select({ id: modelProfiles.id })
        .from(modelProfiles)
        .where(and(eq(modelProfiles.id, complaint.profileId), profileIsVisible));
      if (!visible) return 'hidden';
      const inserted = await db
        .insert(complaints)
        .values({
          profileId: complaint.profileId,
          reason: complaint.reason,
          text: complaint.text ?? null,
          visitorKey: complaint.visitorKey,
          day: complaint.day,
        })
        .onConflictDoNothing()
        .returning({ id: complaints.id });
      return inserted.length > 0 ? 'created' : 'duplicate';
    },
  };
}

import { and, eq, inArray, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { modelProfiles } from '../../db/schema';

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

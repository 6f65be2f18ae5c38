import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { modelProfiles } from '../../db/schema';

/** Any number unique among the advisory locks: one runner at a time across every API instance. */
const EXPIRY_LOCK_KEY = 7_310_012;
const EXPIRY_INTERVAL_MS = 60_000;

/**
 * Flips listed (or paused) profiles whose paid time is over to `expired` and tells their owners,
 * in one transaction. The transaction-scoped advisory lock makes a second instance running the
 * job at the same moment skip this round instead of notifying twice. `now` is the job's clock.
 * Returns how many profiles expired (0 when another instance holds the lock).
 */
export async function expireProfiles(fastify: FastifyInstance, now: Date = new Date()): Promise<number> {
  const expired = await fastify.db.transaction(async (tx) => {
    const [lock] = await tx
      .select({ taken: sql<boolean>`pg_try_advisory_xact_lock(${EXPIRY_LOCK_KEY})` })
      .from(sql`(select 1) as one`);
    if (!lock?.taken) return { due: [], videoEnded: 0 };
    const due = await tx
      .select({ id: modelProfiles.id, accountId: modelProfiles.accountId, name: modelProfiles.name })
      .from(modelProfiles)
      .where(
        and(
          inArray(modelProfiles.status, ['active', 'published', 'unactive']),
          lte(modelProfiles.expiresAt, now),
        ),
      )
      .for('update', { skipLocked: true });
    if (due.length > 0) {
      await tx
        .update(modelProfiles)
        .set({ status: 'expired', updatedAt: now })
        .where(
          inArray(
            modelProfiles.id,
            due.map((row) => row.id),
          ),
        );
    }
    for (const row of due) {
      if (row.accountId !== null) {
        await fastify.notifications.notify(row.accountId, 'profile_expired', { profileName: row.name }, tx);
      }
    }
    // A month of video display that ran out: the card and the page stop showing the video.
    const videoEnded = await tx
      .update(modelProfiles)
      .set({ hasVideo: false })
      .where(and(eq(modelProfiles.hasVideo, true), lte(modelProfiles.videoUntil, now)))
      .returning({ id: modelProfiles.id });
    return { due, videoEnded: videoEnded.length };
  });
  if (expired.due.length > 0 || expired.videoEnded > 0) fastify.listingCache.clear();
  return expired.due.length;
}

/** Runs the expiry job every minute while the server runs (never in tests: they call it). */
export const expiryJobPlugin = fp(
  async (fastify) => {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      expireProfiles(fastify)
        .then((count) => {
          if (count > 0) fastify.log.info({ count }, 'profiles expired');
        })
        .catch((error: unknown) => fastify.log.error({ err: error }, 'expiry job failed'))
        .finally(() => {
          running = false;
        });
    }, EXPIRY_INTERVAL_MS);
    timer.unref();
    fastify.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'expiry-job', dependencies: ['db', 'notifications', 'listing-cache'] },
);

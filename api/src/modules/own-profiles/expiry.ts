import type { FastifyInstance } from 'fastify';
import { tryJobLock } from '../../db/job-lock';
import { periodicJobPlugin } from '../../lib/periodic-job';
import { endExpiredVideos, lockProfilesDueToExpire, markExpired } from './repository';

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
    if (!(await tryJobLock(tx, EXPIRY_LOCK_KEY))) return { due: [], videoEnded: 0 };
    const due = await lockProfilesDueToExpire(tx, now);
    if (due.length > 0) {
      await markExpired(
        tx,
        due.map((row) => row.id),
        now,
      );
    }
    for (const row of due) {
      if (row.accountId !== null) {
        await fastify.notifications.notify(row.accountId, 'profile_expired', { profileName: row.name }, tx);
      }
    }
    // A month of video display that ran out: the card and the page stop showing the video.
    const videoEnded = await endExpiredVideos(tx, now);
    return { due, videoEnded };
  });
  if (expired.due.length > 0 || expired.videoEnded > 0) fastify.listingCache.clear();
  return expired.due.length;
}

/** Runs the expiry job every minute while the server runs (never in tests: they call it). */
export const expiryJobPlugin = periodicJobPlugin(
  { job: 'expiry', everyMs: EXPIRY_INTERVAL_MS, run: expireProfiles, did: 'profiles expired' },
  { name: 'expiry-job', dependencies: ['db', 'notifications', 'listing-cache'] },
);

import { adDayOf } from 'contracts/campaigns';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { tryJobLock } from '../../db/job-lock';
import { completeEndedCampaigns } from './repository';

/** Any number unique among the advisory locks: one runner at a time across every API instance. */
const COMPLETION_LOCK_KEY = 7_310_017;
const COMPLETION_INTERVAL_MS = 60_000;

/**
 * Completes the published campaigns whose last day is over and tells their advertisers, in one
 * transaction under an advisory lock (a second instance skips the round). Campaigns that reached
 * their impressions complete as the last one is counted. Returns how many completed.
 */
export async function completeCampaigns(fastify: FastifyInstance, now: Date = new Date()): Promise<number> {
  const today = adDayOf(now);
  const done = await fastify.db.transaction(async (tx) => {
    if (!(await tryJobLock(tx, COMPLETION_LOCK_KEY))) return [];
    const due = await completeEndedCampaigns(tx, today, now);
    for (const row of due) {
      await fastify.notifications.notify(
        row.accountId,
        'ad_completed',
        {
          heading: row.approved?.heading ?? row.heading ?? '',
          impressions: row.impressionsServed,
          clicks: row.clicks,
        },
        tx,
      );
    }
    return due;
  });
  if (done.length > 0) fastify.adsCache.clear();
  return done.length;
}

/** Runs the completion job every minute while the server runs (tests call it by hand). */
export const completionJobPlugin = fp(
  async (fastify) => {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      completeCampaigns(fastify)
        .then((count) => {
          fastify.metrics.jobRun('campaign-completion', 'done');
          if (count > 0) fastify.log.info({ count }, 'campaigns completed');
        })
        .catch((error: unknown) => {
          fastify.metrics.jobRun('campaign-completion', 'failed');
          fastify.log.error({ err: error }, 'campaign completion job failed');
        })
        .finally(() => {
          running = false;
        });
    }, COMPLETION_INTERVAL_MS);
    timer.unref();
    fastify.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'campaign-completion-job', dependencies: ['db', 'notifications', 'ad-serving'] },
);

import { adDayOf } from 'contracts/campaigns';
import type { FastifyInstance } from 'fastify';
import { tryJobLock } from '../../db/job-lock';
import { periodicJobPlugin } from '../../lib/periodic-job';
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
export const completionJobPlugin = periodicJobPlugin(
  {
    job: 'campaign-completion',
    everyMs: COMPLETION_INTERVAL_MS,
    run: completeCampaigns,
    did: 'campaigns completed',
  },
  { name: 'campaign-completion-job', dependencies: ['db', 'notifications', 'ad-serving'] },
);

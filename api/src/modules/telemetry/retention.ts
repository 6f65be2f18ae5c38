import type { Database } from '../../db/client';
import { deleteInBatches } from '../../db/job-lock';
import { periodicJobPlugin } from '../../lib/periodic-job';
import { createTelemetryRepository, utcDay } from './repository';

/** Days of telemetry kept: the releases screen shows 7, the rest is for a look back. */
export const TELEMETRY_RETENTION_DAYS = 30;
/** Any number unique among the advisory locks: one runner at a time across every API instance. */
const RETENTION_LOCK_KEY = 7_310_030;
const RETENTION_INTERVAL_MS = 60 * 60_000;
/** Rows deleted per table and transaction, so that a busy month never holds one long lock. */
const BATCH = 5_000;
const DAY_MS = 86_400_000;

/**
 * Deletes telemetry from days (UTC) older than the retention period, a batch per transaction under
 * an advisory lock (a second instance skips the round). Answers how many rows went.
 */
export async function pruneTelemetry(db: Database, now: Date = new Date()): Promise<number> {
  const before = utcDay(new Date(now.getTime() - TELEMETRY_RETENTION_DAYS * DAY_MS));
  return deleteInBatches(db, RETENTION_LOCK_KEY, (tx) => createTelemetryRepository(tx).prune(before, BATCH));
}

/** Runs the retention job every hour while the server runs (tests call it by hand). */
export const telemetryRetentionJobPlugin = periodicJobPlugin(
  {
    job: 'telemetry-retention',
    everyMs: RETENTION_INTERVAL_MS,
    run: (fastify) => pruneTelemetry(fastify.db),
    did: 'old telemetry deleted',
  },
  { name: 'telemetry-retention-job', dependencies: ['db'] },
);

import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client';
import { tryJobLock } from '../../db/job-lock';
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
  let total = 0;
  for (;;) {
    const deleted = await db.transaction(async (tx) => {
      if (!(await tryJobLock(tx, RETENTION_LOCK_KEY))) return 0;
      return createTelemetryRepository(tx).prune(before, BATCH);
    });
    total += deleted;
    if (deleted === 0) return total;
  }
}

/** Runs the retention job every hour while the server runs (tests call it by hand). */
export const telemetryRetentionJobPlugin = fp(
  async (fastify: FastifyInstance) => {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      pruneTelemetry(fastify.db)
        .then((count) => {
          fastify.metrics.jobRun('telemetry-retention', 'done');
          if (count > 0) fastify.log.info({ count }, 'old telemetry deleted');
        })
        .catch((error: unknown) => {
          fastify.metrics.jobRun('telemetry-retention', 'failed');
          fastify.log.error({ err: error }, 'telemetry retention job failed');
        })
        .finally(() => {
          running = false;
        });
    }, RETENTION_INTERVAL_MS);
    timer.unref();
    fastify.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'telemetry-retention-job', dependencies: ['db'] },
);

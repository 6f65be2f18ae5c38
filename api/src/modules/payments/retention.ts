import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client';
import { tryJobLock } from '../../db/job-lock';
import { createPaymentsRepository } from './repository';
import { REFUSED_WEBHOOK_RETENTION_DAYS } from './settings';

/** Any number unique among the advisory locks: one runner at a time across every API instance. */
const RETENTION_LOCK_KEY = 7_310_027;
const RETENTION_INTERVAL_MS = 60 * 60_000;
/** Rows deleted per transaction, so that a month of floods never holds one long lock. */
const BATCH = 5_000;
const DAY_MS = 86_400_000;

/**
 * Deletes the refused webhooks older than the retention period, a batch per transaction under an
 * advisory lock (a second instance skips the round). Verified webhooks about an order are never
 * deleted: the books' evidence, read by `reconcile`. Answers how many went.
 */
export async function pruneRefusedWebhooks(db: Database, now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - REFUSED_WEBHOOK_RETENTION_DAYS * DAY_MS);
  let total = 0;
  for (;;) {
    const deleted = await db.transaction(async (tx) => {
      if (!(await tryJobLock(tx, RETENTION_LOCK_KEY))) return 0;
      return createPaymentsRepository(tx).deleteRefusedWebhooks(before, BATCH);
    });
    total += deleted;
    if (deleted < BATCH) return total;
  }
}

/** Runs the retention job every hour while the server runs (tests call it by hand). */
export const webhookRetentionJobPlugin = fp(
  async (fastify: FastifyInstance) => {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      pruneRefusedWebhooks(fastify.db)
        .then((count) => {
          fastify.metrics.jobRun('webhook-retention', 'done');
          if (count > 0) fastify.log.info({ count }, 'refused payment webhooks deleted');
        })
        .catch((error: unknown) => {
          fastify.metrics.jobRun('webhook-retention', 'failed');
          fastify.log.error({ err: error }, 'payment webhook retention job failed');
        })
        .finally(() => {
          running = false;
        });
    }, RETENTION_INTERVAL_MS);
    timer.unref();
    fastify.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'payment-webhook-retention-job', dependencies: ['db'] },
);

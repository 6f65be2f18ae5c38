import type { Database } from '../../db/client';
import { deleteInBatches } from '../../db/job-lock';
import { periodicJobPlugin } from '../../lib/periodic-job';
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
  return deleteInBatches(db, RETENTION_LOCK_KEY, (tx) =>
    createPaymentsRepository(tx).deleteRefusedWebhooks(before, BATCH),
  );
}

/** Runs the retention job every hour while the server runs (tests call it by hand). */
export const webhookRetentionJobPlugin = periodicJobPlugin(
  {
    job: 'webhook-retention',
    everyMs: RETENTION_INTERVAL_MS,
    run: (fastify) => pruneRefusedWebhooks(fastify.db),
    did: 'refused payment webhooks deleted',
  },
  { name: 'payment-webhook-retention-job', dependencies: ['db'] },
);

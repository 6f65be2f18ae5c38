import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PaymentOrderCreatedResponse } from 'contracts';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { accounts, paymentOrders } from '../../db/schema';
import { createAgent } from '../../testing/agent';
import { createAccount } from '../../testing/builders';
import { testAppForFile } from '../../testing/create-test-app';
import { post } from '../ledger/repository';
import { formatReport, type ReconcileReport, reconcile } from './reconcile';

const t = testAppForFile({ payments: { provider: 'sandbox' } });

/** Pays an order of a new account through the sandbox page; answers the order's id. */
async function paidOrder(amount: number, outcome = 'pay') {
  const account = await createAccount(t.db);
  const agent = createAgent(t.app);
  await agent.signInAs(account.id);
  const created = (await agent.post('/api/payments/orders', { amount })).json<PaymentOrderCreatedResponse>();
  const url = new URL(created.paymentUrl, 'http://localhost');
  await t.app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `token=${url.searchParams.get('token')}&outcome=${outcome}`,
  });
  return { accountId: account.id, orderId: created.order.id };
}

class Rollback extends Error {}

/** Reconciles after `tamper` inside a transaction that is then rolled back. */
async function reconcileAfter(tamper: (tx: Database) => Promise<unknown>): Promise<ReconcileReport> {
  let report: ReconcileReport | undefined;
  await t.db
    .transaction(async (tx) => {
      await tamper(tx);
      report = await reconcile(tx);
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  if (!report) throw new Error('no report');
  return report;
}

describe('reconcile', () => {
  it('finds nothing wrong with top-ups made through the gateway, and counts them', async () => {
    await paidOrder(500);
    await paidOrder(1000, 'partial');
    await paidOrder(300, 'fail');
    const report = await reconcile(t.db);
    expect(report.problems).toEqual([]);
    expect(report.topUps).toEqual({ count: 2, kopecks: 100_000 });
    expect(report.webhooks).toMatchObject({ credited: 2, updated: 2 });
    expect(formatReport(report, 'PGlite (test)')).toContain('OK: every balance equals its ledger entries');
  });

  it('reports a balance that is not the sum of its ledger entries', async () => {
    const { accountId } = await paidOrder(500);
    const report = await reconcileAfter((tx) =>
      tx
        .update(accounts)
        .set({ balanceKopecks: sql`${accounts.balanceKopecks} + 100` })
        .where(eq(accounts.id, accountId)),
    );
    expect(report.problems).toEqual([
      `account ${accountId}: balance 501.00 ₽ but its ledger entries sum to 500.00 ₽`,
    ]);
  });

  it('reports a top-up credit that no verified webhook caused', async () => {
    const account = await createAccount(t.db);
    const report = await reconcileAfter((tx) =>
      post(tx, {
        kind: 'top_up',
        reference: 'topup:sandbox:by-hand',
        entries: [
          [{ accountId: account.id }, 10_000],
          [{ systemAccount: 'payments' }, -10_000],
        ],
      }),
    );
    expect(report.problems).toHaveLength(1);
    expect(report.problems[0]).toMatch(/^top-up topup:sandbox:by-hand .* has 0 verified crediting webhooks/);
    expect(formatReport(report, 'x')).toContain('PROBLEMS (1)');
  });

  it('reports an order whose credited amount or bonus is not what the ledger holds', async () => {
    const { orderId } = await paidOrder(500);
    const report = await reconcileAfter((tx) =>
      tx
        .update(paymentOrders)
        .set({ creditedKopecks: 40_000, bonusKopecks: 10 })
        .where(eq(paymentOrders.id, orderId)),
    );
    expect(report.problems).toEqual([
      `order ${orderId} (finished) says 400.00 ₽ credited, its webhooks' ledger credits sum to 500.00 ₽`,
      `order ${orderId} says a bonus of 0.10 ₽, the ledger holds 0.00 ₽ for it`,
    ]);
  });

  it('is a command that exits 2 when there is no database to check', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'reconcile-empty-'));
    try {
      const run = promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', path.join(import.meta.dirname, '../../reconcile.ts')],
        { env: { PATH: process.env.PATH, DATA_DIR: path.join(dir, 'none') } },
      );
      await expect(run).rejects.toMatchObject({
        code: 2,
        stderr: expect.stringContaining('No PGlite database'),
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

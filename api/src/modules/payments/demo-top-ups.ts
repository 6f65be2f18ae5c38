// Makes a few top-ups through the app on a fresh PGlite folder (DATA_DIR), so that `npm test`
// can run the reconcile command on books the app itself wrote: paid, part-paid, failed and
// expired orders, a deposit bonus, a replayed and a forged webhook. The app listens on a port,
// so the sandbox gateway's webhooks travel over HTTP as they do in production.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { PaymentOrderCreatedResponse } from 'contracts';
import { buildApp } from '../../app';
import { createAgent } from '../../testing/agent';
import { createAccount } from '../../testing/builders';
import { balanceOf } from '../ledger/repository';
import { seedPromoCodes } from '../promo/seed';
import { createPaymentsRepository } from './repository';
import { ipnFor, sendWebhook } from './testing';

const SANDBOX_SECRET = 'demo-top-ups-sandbox-secret-0123456789abcdef';

async function main(): Promise<void> {
  const dataDir = process.env.DATA_DIR ? path.resolve(process.env.DATA_DIR) : '';
  if (!dataDir || existsSync(dataDir)) throw new Error('DATA_DIR must name a folder that does not exist yet');
  const app = await buildApp({
    database: { dataDir },
    payments: { provider: 'sandbox', sandboxSecret: SANDBOX_SECRET },
  });
  try {
    await seedPromoCodes(app.db);
    await app.listen({ port: 0, host: '127.0.0.1' });

    const girl = await createAccount(app.db, { accountType: 'girl' });
    const advertiser = await createAccount(app.db, { accountType: 'advister' });
    const pay = async (accountId: number, amount: number, outcome: string, promoCode?: string) => {
      const agent = createAgent(app);
      await agent.signInAs(accountId);
      const response = await agent.post('/api/payments/orders', {
        amount,
        ...(promoCode ? { promoCode } : {}),
      });
      if (response.statusCode !== 201) throw new Error(`order refused: ${response.body}`);
      const { order, paymentUrl } = response.json<PaymentOrderCreatedResponse>();
      const url = new URL(paymentUrl, 'http://localhost');
      const click = await app.inject({
        method: 'POST',
        url: url.pathname,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ token: url.searchParams.get('token') ?? '', outcome }).toString(),
      });
      if (click.statusCode !== 303) throw new Error(`sandbox click answered ${click.statusCode}`);
      return { order, agent };
    };

    const { agent } = await pay(girl.id, 500, 'pay');
    await agent.post('/api/promo/activate', { code: 'BONUS10' });
    const bonus = await pay(girl.id, 1000, 'pay', 'BONUS10');
    await pay(girl.id, 600, 'partial');
    await pay(girl.id, 300, 'fail');
    await pay(advertiser.id, 700, 'expire');
    await pay(advertiser.id, 100_000, 'pay');

    // The gateway repeats a webhook, and someone forges one.
    const paid = await createPaymentsRepository(app.db).findOrder(bonus.order.id);
    if (!paid?.providerPaymentId) throw new Error('the paid order has no payment');
    const repeat = ipnFor(paid, 'finished', { payment_id: paid.providerPaymentId });
    await sendWebhook(app, 'sandbox', repeat, SANDBOX_SECRET);
    await sendWebhook(app, 'sandbox', repeat, 'a forger without the secret');

    const expected = [
      [girl.id, (500 + 1000 + 100 + 300) * 100],
      [advertiser.id, 100_000 * 100],
    ] as const;
    for (const [accountId, kopecks] of expected) {
      const balance = await balanceOf(app.db, accountId);
      if (balance !== kopecks)
        throw new Error(`account ${accountId} holds ${balance} kopecks, not ${kopecks}`);
    }
    console.log(`Made 6 top-up orders through the app in ${dataDir}; balances as expected.`);
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error('The demo top-ups failed:', error);
  process.exit(1);
});

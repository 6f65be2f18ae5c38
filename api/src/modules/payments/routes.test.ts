import { Writable } from 'node:stream';
import type {
  AccountType,
  ApiErrorBody,
  PaymentOrder,
  PaymentOrderCreatedResponse,
  PaymentOrderListResponse,
} from 'contracts';
import { and, eq, like, or, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerTransactions, paymentOrders, paymentWebhooks } from '../../db/schema';
import { type Agent, createAgent } from '../../testing/agent';
import { createAccount } from '../../testing/builders';
import { testAppForFile } from '../../testing/create-test-app';
import { balanceOf, systemBalanceOf, verifyBalances } from '../ledger/repository';
import { seedPromoCodes } from '../promo/seed';
import { reconcile } from './reconcile';
import { pruneRefusedWebhooks } from './retention';
import { ipnFor, sendWebhook } from './testing';

const SECRET = 'a-sandbox-secret-for-these-tests-0123456789';
const logLines: string[] = [];
const ORDER_LIMIT = 30;

const t = testAppForFile(
  {
    payments: { provider: 'sandbox', sandboxSecret: SECRET },
    paymentOrderRateLimit: { max: ORDER_LIMIT, windowSeconds: 3600 },
    // Warnings and errors are collected, to see that refused webhooks are logged.
    logger: {
      level: 'warn',
      stream: new Writable({
        write(chunk, _encoding, done) {
          logLines.push(String(chunk));
          done();
        },
      }),
    },
  },
  (app) => seedPromoCodes(app.db),
);

async function signedIn(accountType: AccountType = 'girl') {
  const account = await createAccount(t.db, { accountType });
  const agent = createAgent(t.app);
  await agent.signInAs(account.id);
  return { account, agent };
}

async function createOrder(agent: Agent, body: Record<string, unknown> = { amount: 500 }) {
  const response = await agent.post('/api/payments/orders', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<PaymentOrderCreatedResponse>();
}

async function orderRow(id: string) {
  const [row] = await t.db.select().from(paymentOrders).where(eq(paymentOrders.id, id));
  if (!row) throw new Error(`no order ${id}`);
  return row;
}

const webhooksOf = (orderId: string) =>
  t.db.select().from(paymentWebhooks).where(eq(paymentWebhooks.orderId, orderId)).orderBy(paymentWebhooks.id);

const webhook = (body: unknown, options?: Parameters<typeof sendWebhook>[4]) =>
  sendWebhook(t.app, 'sandbox', body, SECRET, options);

/** Clicks a button of the sandbox page the way a browser submits the form. */
function click(paymentUrl: string, outcome: string) {
  const url = new URL(paymentUrl, 'http://localhost');
  return t.app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ token: url.searchParams.get('token') ?? '', outcome }).toString(),
  });
}

function expectError(response: { statusCode: number; body: string }, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect((JSON.parse(response.body) as ApiErrorBody).code).toBe(code);
}

describe('POST /api/payments/orders', () => {
  it('needs a session and creates nothing without one', async () => {
    const before = await t.db.$count(paymentOrders);
    expectError(await createAgent(t.app).post('/api/payments/orders', { amount: 500 }), 401, 'UNAUTHORIZED');
    expect(await t.db.$count(paymentOrders)).toBe(before);
  });

  it('creates an order and a payment link, and credits nothing yet', async () => {
    const { account, agent } = await signedIn();
    const { order, paymentUrl } = await createOrder(agent, { amount: 500, source: 'modal' });
    expect(order).toMatchObject({
      provider: 'sandbox',
      amount: 500,
      status: 'created',
      credited: 0,
      bonus: 0,
      promoCode: null,
      payCurrency: 'usdttrc20',
      payAmount: '5.56',
    });
    expect(paymentUrl).toMatch(new RegExp(`^/api/payments/sandbox/${order.id}\\?token=[A-Za-z0-9_-]{43}$`));
    expect(await balanceOf(t.db, account.id)).toBe(0);
    // Only a hash of the checkout token is kept.
    const row = await orderRow(order.id);
    expect(row.checkoutTokenHash).not.toContain(new URL(paymentUrl, 'http://x').searchParams.get('token'));
  });

  it('takes the API range, and the modal minimum of 500 only from the modal', async () => {
    const { agent } = await signedIn('advister');
    expect((await agent.post('/api/payments/orders', { amount: 1 })).statusCode).toBe(201);
    expect((await agent.post('/api/payments/orders', { amount: 100_000 })).statusCode).toBe(201);
    const modal = await agent.post(
      '/api/payments/orders',
      { amount: 499, source: 'modal' },
      {
        headers: { 'accept-language': 'en' },
      },
    );
    expectError(modal, 400, 'VALIDATION_FAILED');
    expect(modal.json<ApiErrorBody>()).toMatchObject({
      fields: { amount: 'validation.topUpModalMin' },
      message: 'The minimum top-up is 500 ₽',
    });
    expect(
      (await agent.post('/api/payments/orders', { amount: 100_001 })).json<ApiErrorBody>().fields,
    ).toEqual({ amount: 'validation.topUpMax' });
    expect((await agent.post('/api/payments/orders', { amount: 0 })).json<ApiErrorBody>().fields).toEqual({
      amount: 'validation.topUpMin',
    });
  });

  it('limits how many orders an account creates', async () => {
    const { agent } = await signedIn();
    for (let i = 0; i < ORDER_LIMIT; i++) {
      expect((await agent.post('/api/payments/orders', { amount: 10 })).statusCode).toBe(201);
    }
    expectError(await agent.post('/api/payments/orders', { amount: 10 }), 429, 'RATE_LIMITED');
    // Another account has its own count.
    expect((await (await signedIn()).agent.post('/api/payments/orders', { amount: 10 })).statusCode).toBe(
      201,
    );
  });
});

describe('the sandbox gateway', () => {
  it('shows a payment page in the visitor’s language, without scripts, with the crypto amount', async () => {
    const { agent } = await signedIn();
    const { order, paymentUrl } = await createOrder(agent, { amount: 900 });

    const ru = await t.app.inject(paymentUrl);
    expect(ru.statusCode).toBe(200);
    expect(ru.headers['content-type']).toContain('text/html');
    expect(ru.headers['cache-control']).toBe('private, no-store');
    expect(ru.body).toContain('<html lang="ru">');
    expect(ru.body).toContain('Тестовая оплата');
    expect(ru.body).toContain('10.00 USDT');
    expect(ru.body).toContain(order.id);
    expect(ru.body).not.toMatch(/<script|onclick=|javascript:/i);
    expect(ru.body.match(/<button type="submit" name="outcome"/g)).toHaveLength(4);
    // The site's policy allows no inline script, and forms only to this origin.
    expect(ru.headers['content-security-policy']).toContain("script-src 'self'");
    expect(ru.headers['content-security-policy']).toContain("form-action 'self'");

    const en = await t.app.inject({ url: paymentUrl, headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain('Pay part of it (half)');
    expect((await t.app.inject(`${paymentUrl}&lang=en`)).body).toContain('Sandbox payment');
  });

  it('shows nothing without the order’s own checkout token', async () => {
    const { agent } = await signedIn();
    const first = await createOrder(agent);
    const second = await createOrder(agent);
    const secondToken = new URL(second.paymentUrl, 'http://x').searchParams.get('token');
    expectError(
      await t.app.inject(`/api/payments/sandbox/${first.order.id}?token=${secondToken}`),
      404,
      'NOT_FOUND',
    );
    expectError(
      await t.app.inject({
        method: 'POST',
        url: `/api/payments/sandbox/${first.order.id}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `token=${secondToken}&outcome=pay`,
      }),
      404,
      'NOT_FOUND',
    );
    expect((await orderRow(first.order.id)).status).toBe('created');
  });

  it('pays: a signed webhook credits the balance, then the browser goes to the success page', async () => {
    const { account, agent } = await signedIn();
    const { order, paymentUrl } = await createOrder(agent, { amount: 500 });
    const payments = await systemBalanceOf(t.db, 'payments');

    const response = await click(paymentUrl, 'pay');

    expect(response.statusCode).toBe(303);
    expect(response.headers.location).toBe(`/profile/payment/crypto/success?order=${order.id}`);
    expect(await balanceOf(t.db, account.id)).toBe(50_000);
    expect(await systemBalanceOf(t.db, 'payments')).toBe(payments - 50_000);
    const read = (await agent.get(`/api/payments/orders/${order.id}`)).json<PaymentOrder>();
    expect(read).toMatchObject({ status: 'finished', credited: 500 });
    expect((await webhooksOf(order.id)).map((w) => [w.paymentStatus, w.outcome, w.signatureValid])).toEqual([
      ['confirming', 'updated', true],
      ['finished', 'credited', true],
    ]);
    // The page now says the order is done and offers no buttons.
    const page = await t.app.inject(paymentUrl);
    expect(page.body).not.toContain('<button');
    // A second click sends nothing and credits nothing.
    expect((await click(paymentUrl, 'pay')).headers.location).toBe(
      `/profile/payment/crypto/success?order=${order.id}`,
    );
    expect(await balanceOf(t.db, account.id)).toBe(50_000);
    expect(await webhooksOf(order.id)).toHaveLength(2);
  });

  it('sends an advertiser back to the advertiser area, and credits half when half is paid', async () => {
    const { account, agent } = await signedIn('advister');
    const { order, paymentUrl } = await createOrder(agent, { amount: 1000 });
    const response = await click(paymentUrl, 'partial');
    expect(response.headers.location).toBe(`/advister/payment/crypto/success?order=${order.id}`);
    expect(await balanceOf(t.db, account.id)).toBe(50_000);
    expect(await orderRow(order.id)).toMatchObject({ status: 'partially_paid', creditedKopecks: 50_000 });
  });

  it('fails and expires without crediting, and sends the browser to the error page', async () => {
    const { account, agent } = await signedIn();
    for (const [outcome, status] of [
      ['fail', 'failed'],
      ['expire', 'expired'],
    ] as const) {
      const { order, paymentUrl } = await createOrder(agent);
      const response = await click(paymentUrl, outcome);
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe(`/profile/payment/crypto/error?order=${order.id}`);
      expect((await orderRow(order.id)).status).toBe(status);
    }
    expect(await balanceOf(t.db, account.id)).toBe(0);
  });

  it('credits nothing from the browser returning to the result page: only the webhook counts', async () => {
    const { account, agent } = await signedIn();
    const { order } = await createOrder(agent);
    // What a browser does after the gateway: it loads the result page of the site (the shell),
    // which reads the order; no API call can mark it paid.
    expect((await agent.get('/profile/payment/crypto/success')).statusCode).toBe(404);
    expect((await agent.get(`/api/payments/orders/${order.id}`)).json<PaymentOrder>().status).toBe('created');
    expect(await balanceOf(t.db, account.id)).toBe(0);
  });
});

describe('POST /api/payments/webhooks/sandbox', () => {
  it('credits exactly once when one webhook arrives 10 times at the same moment', async () => {
    const { account, agent } = await signedIn();
    const { order } = await createOrder(agent, { amount: 700 });
    const row = await orderRow(order.id);
    const body = ipnFor(row, 'finished', { payment_id: 9_100_000_001 });

    const responses = await Promise.all(Array.from({ length: 10 }, () => webhook(body)));

    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(responses.map((r) => r.json())).toEqual(Array(10).fill({ ok: true, status: 'finished' }));
    expect(await balanceOf(t.db, account.id)).toBe(70_000);
    const stored = await webhooksOf(order.id);
    expect(stored).toHaveLength(10);
    expect(stored.filter((w) => w.outcome === 'credited')).toHaveLength(1);
    expect(stored.filter((w) => w.outcome === 'ignored')).toHaveLength(9);
    const credits = await t.db
      .select()
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.reference, 'topup:sandbox:9100000001'));
    expect(credits).toHaveLength(1);
  });

  it('refuses a forged signature with 401, stores it and logs it, and credits nothing', async () => {
    const { account, agent } = await signedIn();
    const { order } = await createOrder(agent);
    const body = ipnFor(await orderRow(order.id), 'finished', { payment_id: 9_100_000_002 });
    const lines = logLines.length;

    expectError(
      await sendWebhook(t.app, 'sandbox', body, 'another-secret-0123456789-0123456789'),
      401,
      'UNAUTHORIZED',
    );
    expectError(await webhook(body, { signature: null }), 401, 'UNAUTHORIZED');
    // Signed, then changed on the way: the amount is part of what is signed.
    expectError(
      await webhook(body, { rawBody: JSON.stringify({ ...body, price_amount: 100_000 }) }),
      401,
      'UNAUTHORIZED',
    );

    expect(await balanceOf(t.db, account.id)).toBe(0);
    expect((await orderRow(order.id)).status).toBe('created');
    const forged = await t.db
      .select()
      .from(paymentWebhooks)
      .where(
        and(
          eq(paymentWebhooks.outcome, 'rejected_signature'),
          like(paymentWebhooks.rawBody, `%${order.id}%`),
        ),
      )
      // In the order they came: without it PostgreSQL may hand back any order.
      .orderBy(paymentWebhooks.id);
    expect(forged).toHaveLength(3);
    expect(forged.every((w) => !w.signatureValid && w.orderId === null)).toBe(true);
    expect(forged[0]?.rawBody).toBe(JSON.stringify(body));
    expect(forged[0]?.headers).toMatchObject({
      'content-type': 'application/json',
      'x-nowpayments-sig': expect.any(String),
    });
    const logged = logLines.slice(lines).filter((line) => line.includes('payment webhook refused'));
    expect(logged).toHaveLength(3);
    expect(logged[0]).toContain('rejected_signature');
  });

  it('verifies the signature over the sorted keys, whatever order and spacing they arrive in', async () => {
    const { account, agent } = await signedIn();
    const { order } = await createOrder(agent);
    const body = ipnFor(await orderRow(order.id), 'finished', { payment_id: 9_100_000_003 });
    const reversed = Object.fromEntries(Object.entries(body).reverse());
    const response = await webhook(body, { rawBody: JSON.stringify(reversed, null, 2) });
    expect(response.statusCode, response.body).toBe(200);
    expect(await balanceOf(t.db, account.id)).toBe(50_000);
  });

  it('refuses a webhook about an unknown order, and keeps it', async () => {
    const body = ipnFor({ id: '00000000-0000-4000-8000-000000000000', amountKopecks: 50_000 }, 'finished');
    expectError(await webhook(body), 404, 'NOT_FOUND');
    const [stored] = await t.db
      .select()
      .from(paymentWebhooks)
      .where(like(paymentWebhooks.rawBody, '%00000000-0000-4000-8000-000000000000%'));
    expect(stored).toMatchObject({ outcome: 'unknown_order', signatureValid: true, orderId: null });
  });

  it('stores what is not an IPN at all and answers 400', async () => {
    const before = await t.db.$count(paymentWebhooks);
    expectError(await webhook({}, { rawBody: '{"payment_id": ', signature: 'ab' }), 400, 'VALIDATION_FAILED');
    expectError(await webhook({}, { rawBody: 'hello', contentType: 'text/plain' }), 400, 'VALIDATION_FAILED');
    // Signed, but not an IPN.
    expectError(await webhook({ hello: 'world' }), 400, 'VALIDATION_FAILED');
    expect(await t.db.$count(paymentWebhooks)).toBe(before + 3);
  });

  it('takes statuses out of order without harm: finished before confirming', async () => {
    const { account, agent } = await signedIn();
    const { order } = await createOrder(agent);
    const row = await orderRow(order.id);
    const payment = { payment_id: 9_100_000_004 };
    expect((await webhook(ipnFor(row, 'finished', payment))).json()).toEqual({
      ok: true,
      status: 'finished',
    });
    for (const late of [
      'confirming',
      'waiting',
      'confirmed',
      'sending',
      'failed',
      'expired',
      'partially_paid',
    ] as const) {
      const response = await webhook(ipnFor(row, late, payment));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true, status: 'finished' });
    }
    expect(await balanceOf(t.db, account.id)).toBe(50_000);
    expect((await webhooksOf(order.id)).filter((w) => w.outcome === 'credited')).toHaveLength(1);
  });

  it('moves forward only: confirming after confirmed changes nothing, finished after it credits', async () => {
    const { account, agent } = await signedIn();
    const { order } = await createOrder(agent);
    const row = await orderRow(order.id);
    const payment = { payment_id: 9_100_000_005 };
    expect((await webhook(ipnFor(row, 'confirmed', payment))).json().status).toBe('confirmed');
    expect((await webhook(ipnFor(row, 'confirming', payment))).json().status).toBe('confirmed');
    expect((await webhook(ipnFor(row, 'finished', payment))).json().status).toBe('finished');
    expect(await balanceOf(t.db, account.id)).toBe(50_000);
    expect((await webhooksOf(order.id)).map((w) => w.outcome)).toEqual(['updated', 'ignored', 'credited']);
  });

  it('never leaves a final status: a late finished on an expired order credits nothing', async () => {
    const { account, agent } = await signedIn();
    const { order } = await createOrder(agent);
    const row = await orderRow(order.id);
    const payment = { payment_id: 9_100_000_006 };
    expect((await webhook(ipnFor(row, 'expired', payment))).json().status).toBe('expired');
    expect((await webhook(ipnFor(row, 'finished', payment))).json().status).toBe('expired');
    expect((await webhook(ipnFor(row, 'failed', payment))).json().status).toBe('expired');
    expect(await balanceOf(t.db, account.id)).toBe(0);
    const refunded = await createOrder(agent);
    const refundedRow = await orderRow(refunded.order.id);
    const refund = ipnFor(refundedRow, 'refunded', { payment_id: 9_100_000_007 });
    expect((await webhook(refund)).json().status).toBe('failed');
    expect(await balanceOf(t.db, account.id)).toBe(0);
  });

  it('credits what was actually paid of a partial payment, in rubles of the price', async () => {
    const { account, agent } = await signedIn();
    const { order } = await createOrder(agent, { amount: 1000 });
    const row = await orderRow(order.id);
    const partial = ipnFor(row, 'partially_paid', {
      payment_id: 9_100_000_008,
      pay_amount: 11.11,
      actually_paid: 2.5,
    });
    expect((await webhook(partial)).json().status).toBe('partially_paid');
    // 2.5 / 11.11 of 1000 ₽ is 225.0225... ₽: 225.02 ₽, rounded down to the kopeck.
    expect(await balanceOf(t.db, account.id)).toBe(22_502);
    expect(await orderRow(order.id)).toMatchObject({ creditedKopecks: 22_502, status: 'partially_paid' });
    // It is final: the full amount arriving later for the same payment is not credited on top.
    expect((await webhook(ipnFor(row, 'finished', { payment_id: 9_100_000_008 }))).json().status).toBe(
      'partially_paid',
    );
    expect(await balanceOf(t.db, account.id)).toBe(22_502);
  });

  it('leaves contradictions for a person: another price or another payment gets 409 and no credit', async () => {
    const { account, agent } = await signedIn();
    const { order } = await createOrder(agent);
    const row = await orderRow(order.id);
    const lines = logLines.length;
    expectError(
      await webhook(ipnFor(row, 'finished', { payment_id: 9_100_000_009, price_amount: 5000 })),
      409,
      'CONFLICT',
    );
    expectError(
      await webhook(ipnFor(row, 'finished', { payment_id: 9_100_000_009, price_currency: 'usd' })),
      409,
      'CONFLICT',
    );
    expect((await webhook(ipnFor(row, 'waiting', { payment_id: 9_100_000_009 }))).json().status).toBe(
      'waiting',
    );
    expectError(await webhook(ipnFor(row, 'finished', { payment_id: 9_100_000_010 })), 409, 'CONFLICT');
    expect(await balanceOf(t.db, account.id)).toBe(0);
    expect((await webhooksOf(order.id)).map((w) => w.outcome)).toEqual([
      'conflict',
      'conflict',
      'updated',
      'conflict',
    ]);
    expect(logLines.slice(lines).filter((line) => line.includes('left for a person to review'))).toHaveLength(
      3,
    );
    // A payment already bound to one order cannot be credited to another.
    const other = await createOrder(agent);
    expectError(
      await webhook(ipnFor(await orderRow(other.order.id), 'finished', { payment_id: 9_100_000_009 })),
      409,
      'CONFLICT',
    );
    expect(await balanceOf(t.db, account.id)).toBe(0);
  });
});

describe('a deposit-percentage promo sent with a top-up', () => {
  async function withBonus10() {
    const caller = await signedIn('girl');
    expect((await caller.agent.post('/api/promo/activate', { code: 'BONUS10' })).statusCode).toBe(200);
    return caller;
  }

  it('adds its percentage once, as its own ledger entry, when the order is credited', async () => {
    const { account, agent } = await withBonus10();
    const { order, paymentUrl } = await createOrder(agent, { amount: 500, promoCode: 'bonus10' });
    expect(order).toMatchObject({ promoCode: 'BONUS10', bonusPercent: 10, bonus: 0 });
    const promotions = await systemBalanceOf(t.db, 'promotions');

    await click(paymentUrl, 'pay');

    expect(await balanceOf(t.db, account.id)).toBe(55_000);
    expect(await systemBalanceOf(t.db, 'promotions')).toBe(promotions - 5_000);
    expect((await agent.get(`/api/payments/orders/${order.id}`)).json<PaymentOrder>()).toMatchObject({
      credited: 500,
      bonus: 50,
    });
    const kinds = await t.db
      .select({ kind: ledgerTransactions.kind })
      .from(ledgerTransactions)
      .where(sql`${ledgerTransactions.metadata}->>'orderId' = ${order.id}`);
    expect(kinds.map((k) => k.kind).sort()).toEqual(['top_up', 'top_up_bonus']);
    // Used: the next order cannot name it.
    expectError(
      await agent.post('/api/payments/orders', { amount: 500, promoCode: 'BONUS10' }),
      409,
      'PROMO_ALREADY_USED',
    );
  });

  it('applies to what a partial payment credited', async () => {
    const { account, agent } = await withBonus10();
    const { paymentUrl } = await createOrder(agent, { amount: 1000, promoCode: 'BONUS10' });
    await click(paymentUrl, 'partial');
    expect(await balanceOf(t.db, account.id)).toBe(55_000);
  });

  it('cannot be paid twice by two orders that both named it before either was paid', async () => {
    const { account, agent } = await withBonus10();
    const first = await createOrder(agent, { amount: 500, promoCode: 'BONUS10' });
    const second = await createOrder(agent, { amount: 500, promoCode: 'BONUS10' });
    await Promise.all([click(first.paymentUrl, 'pay'), click(second.paymentUrl, 'pay')]);
    expect(await balanceOf(t.db, account.id)).toBe(105_000);
    const bonuses = [await orderRow(first.order.id), await orderRow(second.order.id)].map(
      (o) => o.bonusKopecks,
    );
    expect(bonuses.sort()).toEqual([0, 5_000]);
  });

  it('gives nothing on a failed order, and stays usable for the next one', async () => {
    const { account, agent } = await withBonus10();
    await click((await createOrder(agent, { amount: 500, promoCode: 'BONUS10' })).paymentUrl, 'fail');
    expect(await balanceOf(t.db, account.id)).toBe(0);
    await click((await createOrder(agent, { amount: 500, promoCode: 'BONUS10' })).paymentUrl, 'pay');
    expect(await balanceOf(t.db, account.id)).toBe(55_000);
  });

  it('is refused when not activated, not a deposit code, or meant for the other account type', async () => {
    const girl = await signedIn('girl');
    expectError(
      await girl.agent.post('/api/payments/orders', { amount: 500, promoCode: 'BONUS10' }),
      404,
      'PROMO_INVALID',
    );
    expect((await girl.agent.post('/api/promo/activate', { code: 'WELCOME100' })).statusCode).toBe(200);
    expectError(
      await girl.agent.post('/api/payments/orders', { amount: 500, promoCode: 'WELCOME100' }),
      404,
      'PROMO_INVALID',
    );
    expectError(
      await girl.agent.post('/api/payments/orders', { amount: 500, promoCode: 'NOSUCH' }),
      404,
      'PROMO_INVALID',
    );
    const advertiser = await signedIn('advister');
    expectError(
      await advertiser.agent.post('/api/payments/orders', { amount: 500, promoCode: 'BONUS10' }),
      403,
      'PROMO_NOT_FOR_ROLE',
    );
  });
});

describe('GET /api/payments/orders', () => {
  it('lists the caller’s own orders, newest first, a page at a time', async () => {
    const { agent } = await signedIn();
    const created: string[] = [];
    for (const amount of [100, 200, 300]) created.push((await createOrder(agent, { amount })).order.id);
    await createOrder((await signedIn()).agent, { amount: 400 });

    const first = (await agent.get('/api/payments/orders?perPage=2')).json<PaymentOrderListResponse>();
    expect(first).toMatchObject({ total: 3, page: 1, perPage: 2, pageCount: 2 });
    expect(first.items.map((o) => o.amount)).toEqual([300, 200]);
    const second = (
      await agent.get('/api/payments/orders?perPage=2&page=2')
    ).json<PaymentOrderListResponse>();
    expect(second.items.map((o) => o.id)).toEqual([created[0]]);
    expectError(await agent.get('/api/payments/orders?perPage=0'), 400, 'VALIDATION_FAILED');
    expectError(await createAgent(t.app).get('/api/payments/orders'), 401, 'UNAUTHORIZED');
  });

  it('answers 404 for another account’s order and for ids that are not orders', async () => {
    const owner = await signedIn();
    const { order } = await createOrder(owner.agent);
    const stranger = await signedIn();
    expectError(await stranger.agent.get(`/api/payments/orders/${order.id}`), 404, 'NOT_FOUND');
    expectError(await stranger.agent.get('/api/payments/orders/12'), 400, 'VALIDATION_FAILED');
    expect((await owner.agent.get(`/api/payments/orders/${order.id}`)).statusCode).toBe(200);
  });
});

describe('refused webhooks', () => {
  const longNote = 'я'.repeat(20_000); // 40,000 bytes of UTF-8, two bytes a letter

  it('keeps only the first 2 KiB of a refused body, cut between letters, and its full size', async () => {
    const { agent } = await signedIn();
    const { order } = await createOrder(agent);
    const body = ipnFor(await orderRow(order.id), 'finished', { payment_id: 9_100_000_201, note: longNote });
    const rawBody = JSON.stringify(body);
    expectError(await webhook(body, { signature: 'forged' }), 401, 'UNAUTHORIZED');
    expectError(await webhook({}, { rawBody: `{${longNote}`, signature: 'ab' }), 400, 'VALIDATION_FAILED');

    const refused = await t.db
      .select()
      .from(paymentWebhooks)
      .where(like(paymentWebhooks.rawBody, '%я%'))
      .orderBy(paymentWebhooks.id);
    expect(refused.map((w) => w.outcome)).toEqual(['rejected_signature', 'malformed']);
    const [forged, malformed] = refused;
    expect(forged?.bodyBytes).toBe(Buffer.byteLength(rawBody));
    expect(rawBody.startsWith(forged?.rawBody ?? '-')).toBe(true);
    expect(Buffer.byteLength(forged?.rawBody ?? '')).toBeLessThanOrEqual(2048);
    expect(Buffer.byteLength(forged?.rawBody ?? '')).toBeGreaterThan(2040);
    // `{` and 1,023 two-byte letters: the 1,024th would pass 2,048 bytes.
    expect(malformed?.rawBody).toBe(`{${'я'.repeat(1023)}`);
    expect(malformed?.bodyBytes).toBe(40_001);
  });

  it('keeps a verified webhook whole, however long: it is the books’ evidence', async () => {
    const { account, agent } = await signedIn();
    const { order } = await createOrder(agent);
    const body = ipnFor(await orderRow(order.id), 'finished', { payment_id: 9_100_000_202, note: longNote });
    expect((await webhook(body)).statusCode).toBe(200);
    expect(await balanceOf(t.db, account.id)).toBe(50_000);
    const [stored] = await webhooksOf(order.id);
    expect(stored?.outcome).toBe('credited');
    expect(stored?.rawBody).toBe(JSON.stringify(body));
    expect(stored?.bodyBytes).toBe(Buffer.byteLength(JSON.stringify(body)));
  });

  it('deletes refused webhooks after 30 days, and never a verified one about an order', async () => {
    const { agent } = await signedIn();
    const { order } = await createOrder(agent);
    const body = ipnFor(await orderRow(order.id), 'finished', { payment_id: 9_100_000_203 });
    expectError(await webhook(body, { signature: 'forged' }), 401, 'UNAUTHORIZED');
    expectError(
      await webhook(ipnFor({ id: '00000000-0000-4000-8000-000000000203', amountKopecks: 100 }, 'finished')),
      404,
      'NOT_FOUND',
    );
    expect((await webhook(body)).statusCode).toBe(200);
    const ours = or(
      like(paymentWebhooks.rawBody, `%${order.id}%`),
      like(paymentWebhooks.rawBody, '%00000000-0000-4000-8000-000000000203%'),
    );
    const stored = () => t.db.select().from(paymentWebhooks).where(ours).orderBy(paymentWebhooks.id);
    expect((await stored()).map((w) => w.outcome)).toEqual([
      'rejected_signature',
      'unknown_order',
      'credited',
    ]);

    const daysAgo = (days: number) => sql`now() - make_interval(days => ${days})`;
    await t.db
      .update(paymentWebhooks)
      .set({ receivedAt: daysAgo(29) })
      .where(ours);
    await pruneRefusedWebhooks(t.db);
    expect(await stored()).toHaveLength(3);

    await t.db
      .update(paymentWebhooks)
      .set({ receivedAt: daysAgo(31) })
      .where(ours);
    expect(await pruneRefusedWebhooks(t.db)).toBeGreaterThanOrEqual(2);
    expect((await stored()).map((w) => w.outcome)).toEqual(['credited']);
    expect((await reconcile(t.db)).problems).toEqual([]);
  });

  it('limits webhooks per client network: a new address in the same IPv6 /64 is the same sender', async () => {
    const send = (n: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/webhooks/sandbox',
        headers: { 'content-type': 'text/plain' },
        payload: 'x',
        remoteAddress: `2001:db8:27:3::${(n + 1).toString(16)}`,
      });
    for (let n = 0; n < 600; n += 1) expect((await send(n)).statusCode).toBe(400);
    expect((await send(600)).statusCode).toBe(429);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/sandbox',
      headers: { 'content-type': 'text/plain' },
      payload: 'x',
      remoteAddress: '2001:db8:27:4::1',
    });
    expect(other.statusCode).toBe(400);
  });

  it('limits sandbox page clicks per client network', async () => {
    const click = (n: number, network = 5) =>
      t.app.inject({
        method: 'POST',
        url: '/api/payments/sandbox/00000000-0000-4000-8000-000000000205',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'token=not-the-token-of-any-order&outcome=pay',
        remoteAddress: `2001:db8:27:${network}::${(n + 1).toString(16)}`,
      });
    for (let n = 0; n < 120; n += 1) expect((await click(n)).statusCode).toBe(404);
    expect((await click(120)).statusCode).toBe(429);
    expect((await click(0, 6)).statusCode).toBe(404);
  });
});

describe('the books after all of the above', () => {
  it('balance, and every credited top-up has exactly one verified webhook', async () => {
    expect(await verifyBalances(t.db)).toEqual({ accounts: [], transactions: [] });
    const report = await reconcile(t.db);
    expect(report.problems).toEqual([]);
    expect(report.topUps.count).toBeGreaterThan(5);
    expect(report.webhooks.rejected_signature).toBeGreaterThanOrEqual(3);
  });
});

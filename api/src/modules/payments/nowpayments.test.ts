import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ApiErrorBody, PaymentOrderCreatedResponse, PaymentOrderListResponse } from 'contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentWebhooks } from '../../db/schema';
import { createAgent } from '../../testing/agent';
import { createAccount } from '../../testing/builders';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { balanceOf } from '../ledger/repository';
import { reconcile } from './reconcile';
import { SIGNATURE_HEADER, signIpn } from './signature';

const API_KEY = 'np-test-api-key';
const IPN_SECRET = 'np-test-ipn-secret';

/**
 * A stand-in for api.nowpayments.io that speaks its documented invoice call: POST /v1/invoice
 * with x-api-key, answering the invoice with its hosted page's URL. Nothing leaves the machine.
 */
interface FakeGateway {
  server: Server;
  url: string;
  invoices: { headers: IncomingMessage['headers']; body: Record<string, unknown> }[];
  failNext: boolean;
}

async function startFakeGateway(): Promise<FakeGateway> {
  const fake: FakeGateway = { server: createServer(), url: '', invoices: [], failNext: false };
  fake.server.on('request', async (request, response) => {
    let text = '';
    for await (const chunk of request) text += chunk;
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (request.method !== 'POST' || request.url !== '/v1/invoice')
      return reply(404, { message: 'Not found' });
    if (request.headers['x-api-key'] !== API_KEY) return reply(403, { message: 'Invalid api key' });
    const body = JSON.parse(text) as Record<string, unknown>;
    fake.invoices.push({ headers: request.headers, body });
    if (fake.failNext) {
      fake.failNext = false;
      return reply(500, { message: 'Internal server error' });
    }
    const id = String(5_000_000_000 + fake.invoices.length);
    return reply(200, {
      id,
      token_id: 'tok',
      order_id: body.order_id,
      order_description: body.order_description,
      price_amount: String(body.price_amount),
      price_currency: body.price_currency,
      pay_currency: null,
      ipn_callback_url: body.ipn_callback_url,
      invoice_url: `https://nowpayments.io/payment/?iid=${id}`,
      success_url: body.success_url,
      cancel_url: body.cancel_url,
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
    });
  });
  await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  return fake;
}

let fake: FakeGateway;
let t: TestApp;
let origin = '';

beforeAll(async () => {
  fake = await startFakeGateway();
  // The app listens on a real port first, so that PUBLIC_URL (the IPN callback URL the gateway
  // is given) names it; the fake gateway then calls back over HTTP like the real one.
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  origin = `http://127.0.0.1:${port}`;
  t = await createTestApp({
    publicUrl: origin,
    payments: { provider: 'nowpayments', apiKey: API_KEY, ipnSecret: IPN_SECRET, apiUrl: `${fake.url}/v1` },
  });
  await t.app.listen({ port, host: '127.0.0.1' });
});

afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => fake?.server.close(resolve));
});

async function signedIn(accountType: 'girl' | 'advister' = 'girl') {
  const account = await createAccount(t.db, { accountType });
  const agent = createAgent(t.app);
  await agent.signInAs(account.id);
  return { account, agent };
}

/** The gateway's IPN about an invoice's payment, sent where the invoice said, signed. */
async function callBack(invoice: Record<string, unknown>, status: string, secret = IPN_SECRET) {
  const body = {
    payment_id: 6_120_000_001,
    invoice_id: 5_000_000_001,
    payment_status: status,
    pay_address: 'TPz1xSampleAddress',
    price_amount: invoice.price_amount,
    price_currency: invoice.price_currency,
    pay_amount: 6.11,
    actually_paid: status === 'finished' ? 6.11 : 0,
    actually_paid_at_fiat: 0,
    pay_currency: 'usdttrc20',
    order_id: invoice.order_id,
    order_description: invoice.order_description,
    purchase_id: '4903251213',
    outcome_amount: 6.05,
    outcome_currency: 'usdttrc20',
    payin_extra_id: null,
    parent_payment_id: null,
    payment_extra_ids: null,
    fee: { currency: 'usdttrc20', depositFee: 0.01, withdrawalFee: 0, serviceFee: 0.05 },
    created_at: '2026-11-23T10:00:00.000Z',
    updated_at: '2026-11-23T10:05:00.000Z',
  };
  return fetch(String(invoice.ipn_callback_url), {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signIpn(body, secret) },
    body: JSON.stringify(body),
  });
}

describe('the NOWPayments gateway', () => {
  it('creates an invoice with the documented fields and sends the browser to its page', async () => {
    const { agent } = await signedIn();
    const response = await agent.post('/api/payments/orders', { amount: 550 });
    expect(response.statusCode, response.body).toBe(201);
    const { order, paymentUrl } = response.json<PaymentOrderCreatedResponse>();
    const invoice = fake.invoices.at(-1);

    expect(invoice?.headers['x-api-key']).toBe(API_KEY);
    expect(invoice?.body).toEqual({
      price_amount: 550,
      price_currency: 'rub',
      order_id: order.id,
      order_description: 'Balance top-up',
      ipn_callback_url: `${origin}/api/payments/webhooks/nowpayments`,
      success_url: `${origin}/profile/payment/crypto/success?order=${order.id}`,
      cancel_url: `${origin}/profile/payment/crypto/error?order=${order.id}`,
    });
    expect(paymentUrl).toBe(`https://nowpayments.io/payment/?iid=${5_000_000_000 + fake.invoices.length}`);
    expect(order).toMatchObject({
      provider: 'nowpayments',
      status: 'created',
      payCurrency: null,
      payAmount: null,
    });
  });

  it('returns an advertiser to the advertiser area', async () => {
    const { agent } = await signedIn('advister');
    const { order } = (
      await agent.post('/api/payments/orders', { amount: 700 })
    ).json<PaymentOrderCreatedResponse>();
    expect(fake.invoices.at(-1)?.body).toMatchObject({
      success_url: `${origin}/advister/payment/crypto/success?order=${order.id}`,
      cancel_url: `${origin}/advister/payment/crypto/error?order=${order.id}`,
    });
  });

  it('credits once from its signed IPN callbacks, sent over HTTP to the callback URL', async () => {
    const { account, agent } = await signedIn();
    const { order } = (
      await agent.post('/api/payments/orders', { amount: 550 })
    ).json<PaymentOrderCreatedResponse>();
    const invoice = fake.invoices.at(-1)?.body ?? {};

    for (const status of ['waiting', 'confirming', 'confirmed', 'sending']) {
      expect((await callBack(invoice, status)).status).toBe(200);
      expect(await balanceOf(t.db, account.id)).toBe(0);
    }
    const finished = await callBack(invoice, 'finished');
    expect(finished.status).toBe(200);
    expect(await finished.json()).toEqual({ ok: true, status: 'finished' });
    expect(await balanceOf(t.db, account.id)).toBe(55_000);
    // NOWPayments repeats a callback it thinks was lost: still one credit.
    expect((await callBack(invoice, 'finished')).status).toBe(200);
    expect(await balanceOf(t.db, account.id)).toBe(55_000);

    const stored = await t.db
      .select()
      .from(paymentWebhooks)
      .where(eq(paymentWebhooks.orderId, order.id))
      .orderBy(paymentWebhooks.id);
    expect(stored.map((w) => w.outcome)).toEqual([
      'updated',
      'updated',
      'updated',
      'ignored',
      'credited',
      'ignored',
    ]);
    expect(stored.every((w) => w.provider === 'nowpayments' && w.signatureValid)).toBe(true);
    expect(stored[0]?.headers['remote-address']).toBe('127.0.0.1');
  });

  it('refuses a callback not signed with the IPN secret', async () => {
    const { account, agent } = await signedIn();
    await agent.post('/api/payments/orders', { amount: 550 });
    const forged = await callBack(fake.invoices.at(-1)?.body ?? {}, 'finished', 'not-the-ipn-secret');
    expect(forged.status).toBe(401);
    expect(((await forged.json()) as ApiErrorBody).code).toBe('UNAUTHORIZED');
    expect(await balanceOf(t.db, account.id)).toBe(0);
  });

  it('answers PAYMENT_FAILED when the gateway makes no invoice, and keeps the order as failed', async () => {
    const { account, agent } = await signedIn();
    fake.failNext = true;
    const response = await agent.post(
      '/api/payments/orders',
      { amount: 550 },
      { headers: { 'accept-language': 'en' } },
    );
    expect(response.statusCode).toBe(502);
    expect(response.json<ApiErrorBody>()).toMatchObject({
      code: 'PAYMENT_FAILED',
      message: 'The payment failed',
    });
    const list = (await agent.get('/api/payments/orders')).json<PaymentOrderListResponse>();
    expect(list.items.map((o) => o.status)).toEqual(['failed']);
    expect(await balanceOf(t.db, account.id)).toBe(0);
  });

  it('has no sandbox: neither its page nor its webhook route exist', async () => {
    const { agent } = await signedIn();
    const { order } = (
      await agent.post('/api/payments/orders', { amount: 550 })
    ).json<PaymentOrderCreatedResponse>();
    expect((await t.app.inject(`/api/payments/sandbox/${order.id}?token=${'a'.repeat(43)}`)).statusCode).toBe(
      404,
    );
    const sandboxHook = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/sandbox',
      payload: {},
    });
    expect(sandboxHook.statusCode).toBe(404);
  });

  it('leaves the books consistent', async () => {
    expect((await reconcile(t.db)).problems).toEqual([]);
  });
});

describe('payments switched off (production without keys)', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ payments: { provider: 'off' } });
  });
  afterAll(async () => {
    await off?.close();
  });

  it('refuses orders with PAYMENT_FAILED and has no webhook routes', async () => {
    const account = await createAccount(off.db);
    const agent = createAgent(off.app);
    await agent.signInAs(account.id);
    const response = await agent.post('/api/payments/orders', { amount: 500 });
    expect(response.statusCode).toBe(503);
    expect(response.json<ApiErrorBody>().code).toBe('PAYMENT_FAILED');
    for (const provider of ['sandbox', 'nowpayments']) {
      const hook = await off.app.inject({
        method: 'POST',
        url: `/api/payments/webhooks/${provider}`,
        payload: {},
      });
      expect(hook.statusCode).toBe(404);
    }
  });
});

import type { PaymentOrderCreatedResponse } from 'contracts';
import { count, inArray, isNotNull, not, or } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { accounts, ledgerTransactions, paymentOrders, paymentWebhooks } from '../../db/schema';
import { type Agent, createAgent } from '../../testing/agent';
import { createAccount } from '../../testing/builders';
import { testAppForFile } from '../../testing/create-test-app';
import { sendWebhook } from './testing';

const SECRET = 'a-sandbox-secret-for-the-property-test-0123';
let agent: Agent;
let order = { id: '', token: '' };

const t = testAppForFile(
  {
    payments: { provider: 'sandbox', sandboxSecret: SECRET },
    paymentOrderRateLimit: { max: 10_000, windowSeconds: 60 },
  },
  async (app) => {
    agent = createAgent(app.app);
    await agent.signInAs((await createAccount(app.db)).id);
    const created = (
      await agent.post('/api/payments/orders', { amount: 500 })
    ).json<PaymentOrderCreatedResponse>();
    order = {
      id: created.order.id,
      token: new URL(created.paymentUrl, 'http://x').searchParams.get('token') ?? '',
    };
  },
);

/** Values no field of these routes accepts: never a whole number of rubles, a status or a token. */
const badValue = fc.oneof(
  fc.integer({ max: 0 }),
  fc.integer({ min: 100_001 }),
  fc.double({ noInteger: true }),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }),
  fc.string({ maxLength: 8 }).map((s) => `x${s}`),
);

const badRecord = (fields: string[], required: string[] = []) =>
  fc.record(Object.fromEntries(fields.map((field) => [field, badValue])), { requiredKeys: required });

const IPN_FIELDS = [
  'payment_id',
  'payment_status',
  'order_id',
  'price_amount',
  'price_currency',
  'pay_amount',
];

async function snapshot() {
  const [orders] = await t.db.select({ n: count() }).from(paymentOrders);
  const [ledger] = await t.db.select({ n: count() }).from(ledgerTransactions);
  return {
    orders: orders?.n,
    ledger: ledger?.n,
    states: await t.db
      .select({ id: paymentOrders.id, status: paymentOrders.status, credited: paymentOrders.creditedKopecks })
      .from(paymentOrders),
    balances: await t.db.select({ id: accounts.id, balance: accounts.balanceKopecks }).from(accounts),
  };
}

const expect4xx = (response: { statusCode: number; body: string }, what: string) =>
  expect(
    response.statusCode >= 400 && response.statusCode < 500,
    `${what}: ${response.statusCode} ${response.body}`,
  ).toBe(true);

describe('malformed input to the payment routes', () => {
  it('gets a 4xx and changes nothing, whatever is sent', async () => {
    const before = await snapshot();
    const [webhooksBefore] = await t.db.select({ n: count() }).from(paymentWebhooks);

    await fc.assert(
      fc.asyncProperty(
        fc.oneof(badRecord(['amount', 'source', 'promoCode'], ['amount']), fc.anything()),
        async (body) => {
          expect4xx(await agent.post('/api/payments/orders', body), `orders ${JSON.stringify(body)}`);
        },
      ),
      { numRuns: 60 },
    );
    await fc.assert(
      fc.asyncProperty(badRecord(['page', 'perPage']), fc.string(), async (query, id) => {
        const search = new URLSearchParams(
          Object.entries(query).map(([k, v]) => [k, JSON.stringify(v) ?? '']),
        );
        const list = await agent.get(`/api/payments/orders?${search}`);
        // Values that happen to read as a page number list the orders: a read changes nothing.
        expect([200, 400], list.body).toContain(list.statusCode);
        expect4xx(await agent.get(`/api/payments/orders/${encodeURIComponent(`x${id}`)}`), `order ${id}`);
      }),
      { numRuns: 40 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(badRecord(IPN_FIELDS, ['payment_status']), fc.anything()),
        fc.boolean(),
        async (body, signed) => {
          // Signed with the sandbox's own secret or not at all: refused either way.
          const response = await sendWebhook(
            t.app,
            'sandbox',
            body,
            SECRET,
            signed ? {} : { signature: null },
          );
          expect4xx(response, `webhook ${JSON.stringify(body)}`);
        },
      ),
      { numRuns: 60 },
    );
    await fc.assert(
      fc.asyncProperty(badRecord(['token', 'outcome', 'lang']), fc.boolean(), async (form, realOrder) => {
        const id = realOrder ? order.id : '3f0f6c1e-8d0a-4c55-9e0e-5d2f7a9b1c00';
        const payload = new URLSearchParams(
          Object.entries(form).map(([k, v]) => [k, JSON.stringify(v) ?? '']),
        );
        const click = await t.app.inject({
          method: 'POST',
          url: `/api/payments/sandbox/${id}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: payload.toString(),
        });
        expect4xx(click, `sandbox ${payload}`);
        expect4xx(await t.app.inject(`/api/payments/sandbox/${id}?${payload}`), `page ${payload}`);
      }),
      { numRuns: 40 },
    );
    // The real order's own token with a bad outcome is refused too.
    const click = await t.app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/${order.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `token=${order.token}&outcome=refund`,
    });
    expect(click.statusCode).toBe(400);

    expect(await snapshot()).toEqual(before);
    // Webhooks are kept as received, for audit: every one of them refused, none crediting.
    const kept = await t.db
      .select({ n: count() })
      .from(paymentWebhooks)
      .where(
        or(
          not(inArray(paymentWebhooks.outcome, ['rejected_signature', 'malformed', 'unknown_order'])),
          isNotNull(paymentWebhooks.ledgerTransactionId),
        ),
      );
    expect(kept[0]?.n).toBe(0);
    const [webhooksAfter] = await t.db.select({ n: count() }).from(paymentWebhooks);
    expect(webhooksAfter?.n).toBe((webhooksBefore?.n ?? 0) + 60);
  });
});

import { clientAddress, routeLimit } from '../auth/rate-limits';
import { randomBytes } from 'node:crypto';
import {
  createPaymentOrderBodySchema,
  paymentOrderListQuerySchema,
  paymentOrderParamsSchema,
  PAYMENT_ORDERS_PAGE_SIZE,
} from 'contracts';
import * as responseSchemas from 'contracts/responses';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/api-error';
import { pickLocale } from '../../lib/i18n';
import {
  defineRoutes,
  errorResponses,
  nonJson,
  type Routes,
  valibotValidatorCompiler,
} from '../../lib/route-schema';
import { safeEqual, sha256 } from '../../lib/tokens';
import { UNAUTHORIZED } from '../../lib/shared-errors';
import {
  createNowPaymentsProvider,
  createSandboxProvider,
  type PaymentProvider,
  resultPath,
  sandboxPaymentId,
  webhookPath,
} from './providers';
import type { PaymentOrderRow } from './repository';
import { renderSandboxPage } from './sandbox-page';
import {
  gatewayIpnSchema,
  type SandboxOutcome,
  sandboxActionBodySchema,
  sandboxCheckoutParamsSchema,
  sandboxCheckoutQuerySchema,
} from './schemas';
import { createPaymentsService, type PaymentsService } from './service';
import { PAYMENT_ORDER_RATE_LIMIT, type PaymentsOptions } from './settings';
import { SIGNATURE_HEADER, signIpn } from './signature';
import { isFinal } from './status';

/**
 * Webhooks are stored as they come (a refused one cut short, for 30 days); a client network
 * (an IPv4 address, an IPv6 /64) sending more than this a minute is cut off.
 */
const WEBHOOK_RATE_LIMIT = routeLimit({ max: 600, windowSeconds: 60 }, clientAddress);
/** Clicks on sandbox pages per client network. */
const SANDBOX_RATE_LIMIT = routeLimit({ max: 120, windowSeconds: 60 }, clientAddress);

const perAccount = (request: FastifyRequest) =>
  request.auth ? `account:${request.auth.accountId}` : `ip:${clientAddress(request)}`;

function callerOf(request: FastifyRequest) {
  if (!request.auth) throw new ApiError(401, 'UNAUTHORIZED');
  return { accountId: request.auth.accountId, accountType: request.auth.accountType };
}

const ORDER_NOT_FOUND = errorResponses({ 404: 'NOT_FOUND: no such order of this account' });

/**
 * Top-ups: orders, the gateway's webhooks and, when it is the gateway, the sandbox's own
 * payment page. Only the active gateway's webhook route exists.
 */
export const paymentRoutes = defineRoutes<PaymentsOptions>(async (fastify, options) => {
  // Unset is production, as for the server's configuration.
  if (options.testDelay && (process.env.NODE_ENV || 'production') === 'production') {
    throw new Error('the payments test delay cannot be used in production');
  }
  const { settings } = options;
  const sandboxSecret =
    settings.provider === 'sandbox' ? (settings.sandboxSecret ?? randomBytes(32).toString('base64url')) : '';
  const provider: PaymentProvider | null =
    settings.provider === 'sandbox'
      ? createSandboxProvider({ secret: sandboxSecret, rubPerUsd: fastify.pricing.rubPerUsd })
      : settings.provider === 'nowpayments'
        ? createNowPaymentsProvider({ ...settings, publicUrl: options.publicUrl })
        : null;
  const service = createPaymentsService({
    db: fastify.db,
    provider,
    log: fastify.log,
    testDelay: options.testDelay,
  });
  const orderLimit = options.orderRateLimit ?? PAYMENT_ORDER_RATE_LIMIT;

  fastify.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  fastify.post(
    '/payments/orders',
    {
      preValidation: fastify.requireAuth('girl', 'advister'),
      config: {
        rateLimit: {
          max: orderLimit.max,
          timeWindow: orderLimit.windowSeconds * 1000,
          keyGenerator: perAccount,
        },
      },
      schema: {
        summary:
          'Creates a balance top-up order and the gateway invoice; the balance is credited only by the gateway’s verified webhook',
        tags: ['payments'],
        body: createPaymentOrderBodySchema,
        response: {
          201: responseSchemas.paymentOrderCreated,
          ...UNAUTHORIZED,
          ...errorResponses({
            403: 'PROMO_NOT_FOR_ROLE: the promo code is for the other account type',
            404: 'PROMO_INVALID: not a deposit-percentage code in force that this account activated',
            409: 'PROMO_ALREADY_USED: this account has had the code’s bonus',
            429: 'RATE_LIMITED',
            502: 'PAYMENT_FAILED: the gateway made no invoice',
            503: 'PAYMENT_FAILED: payments are switched off on this server',
          }),
        },
      },
    },
    async (request, reply) => {
      const created = await service.createOrder(callerOf(request), request.body);
      reply.code(201);
      return created;
    },
  );

  fastify.get(
    '/payments/orders',
    {
      preValidation: fastify.requireAuth('girl', 'advister'),
      schema: {
        summary: 'The account’s top-up orders, newest first',
        tags: ['payments'],
        querystring: paymentOrderListQuerySchema,
        response: { 200: responseSchemas.paymentOrderList, ...UNAUTHORIZED },
      },
    },
    async (request) => {
      const { page = 1, perPage = PAYMENT_ORDERS_PAGE_SIZE } = request.query;
      return service.ownOrders(callerOf(request).accountId, page, perPage);
    },
  );

  fastify.get(
    '/payments/orders/:id',
    {
      preValidation: fastify.requireAuth('girl', 'advister'),
      schema: {
        summary: 'One of the account’s top-up orders',
        tags: ['payments'],
        params: paymentOrderParamsSchema,
        response: { 200: responseSchemas.paymentOrder, ...UNAUTHORIZED, ...ORDER_NOT_FOUND },
      },
    },
    async (request) => service.ownOrder(callerOf(request).accountId, request.params.id),
  );

  if (provider) await fastify.register(webhookRoute, { service, provider });
  if (provider?.name === 'sandbox') {
    await fastify.register(sandboxRoutes, {
      service,
      secret: sandboxSecret,
      rubPerUsd: fastify.pricing.rubPerUsd,
    });
  }
});

/**
 * The gateway's webhook. The body is taken as text whatever its type, so that every delivery,
 * however broken, is stored as it came; the service parses and verifies it. The IPN schema is
 * declared for the document but checked by the service, after the webhook has been stored.
 */
const webhookRoute: Routes<{ service: PaymentsService; provider: PaymentProvider }> = async (
  fastify,
  { service, provider },
) => {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) =>
    done(null, body),
  );
  fastify.setValidatorCompiler((route) =>
    route.httpPart === 'body' ? (data) => ({ value: data }) : valibotValidatorCompiler(route),
  );

  fastify.post(
    webhookPath(provider.name),
    {
      // Signed by the gateway instead: it has neither our cookies nor a CSRF token.
      config: { csrf: false, rateLimit: WEBHOOK_RATE_LIMIT },
      schema: {
        summary: `${provider.name === 'sandbox' ? 'The sandbox gateway’s' : 'NOWPayments’'} payment notification (IPN), signed in x-nowpayments-sig`,
        tags: ['payments'],
        body: gatewayIpnSchema,
        response: {
          200: responseSchemas.paymentWebhookAccepted,
          ...errorResponses({
            400: 'VALIDATION_FAILED: not an IPN (stored)',
            401: 'UNAUTHORIZED: the signature is missing or wrong (stored and logged)',
            404: 'NOT_FOUND: no order of this gateway has that order_id (stored)',
            409: 'CONFLICT: another payment or another price than the order’s (stored, logged for review)',
            429: 'RATE_LIMITED',
          }),
        },
      },
    },
    async (request) => {
      const result = await service.receiveWebhook(provider, {
        rawBody: typeof request.body === 'string' ? request.body : '',
        headers: request.headers,
        remoteAddress: request.ip,
      });
      return { ok: true as const, status: result.status };
    },
  );
};

/** What the sandbox gateway reports, in order, for each button of its page. */
const SANDBOX_STATUSES: Record<SandboxOutcome, { statuses: string[]; paidShare: number }> = {
  pay: { statuses: ['confirming', 'finished'], paidShare: 1 },
  partial: { statuses: ['partially_paid'], paidShare: 0.5 },
  fail: { statuses: ['failed'], paidShare: 0 },
  expire: { statuses: ['expired'], paidShare: 0 },
};

const isPaid = (order: Pick<PaymentOrderRow, 'status' | 'creditedKopecks'>) =>
  order.status === 'finished' || (order.status === 'partially_paid' && order.creditedKopecks > 0);

/**
 * The sandbox gateway: its payment page and the buttons on it.
 *
 * The page stands for a gateway on another site, which has neither our session nor our CSRF
 * token, so its forms are protected the way a gateway's hosted page is: by the order's checkout
 * token, an unguessable random value in the payment link that only the order's creator receives
 * (the order keeps its hash). A page elsewhere cannot post to an order it has no token for, and
 * nothing here reads the session, so there is nothing of the visitor's to forge.
 */
const sandboxRoutes: Routes<{ service: PaymentsService; secret: string; rubPerUsd: number }> = async (
  fastify,
  options,
) => {
  const { service, secret, rubPerUsd } = options;
  fastify.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  async function checkout(orderId: string, token: string): Promise<PaymentOrderRow> {
    const order = await service.findOrder(orderId);
    const known = order?.provider === 'sandbox' && order.checkoutTokenHash !== null;
    if (!order || !known || !safeEqual(sha256(token), order.checkoutTokenHash ?? '')) {
      throw new ApiError(404, 'NOT_FOUND');
    }
    return order;
  }

  /**
   * Sends one signed IPN to our webhook route the way the gateway would: over HTTP to this
   * server's own listening address, or, when it is not listening (tests by inject), through the
   * same route in-process. Answers the webhook's status code.
   */
  async function deliver(body: Record<string, unknown>): Promise<number> {
    const headers = {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signIpn(body, secret),
      'user-agent': 'anketa-sandbox-gateway',
    };
    const payload = JSON.stringify(body);
    const address = fastify.server.listening ? fastify.server.address() : null;
    if (address && typeof address === 'object') {
      const host =
        address.address === '0.0.0.0' ? '127.0.0.1' : address.address === '::' ? '::1' : address.address;
      const origin = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
      try {
        const response = await fetch(`${origin}/api${webhookPath('sandbox')}`, {
          method: 'POST',
          headers,
          body: payload,
          signal: AbortSignal.timeout(30_000),
        });
        return response.status;
      } catch (error) {
        fastify.log.error({ err: error }, 'the sandbox gateway could not reach the webhook');
        return 0;
      }
    }
    const response = await fastify.inject({
      method: 'POST',
      url: `/api${webhookPath('sandbox')}`,
      headers,
      payload,
    });
    return response.statusCode;
  }

  fastify.get(
    '/payments/sandbox/:orderId',
    {
      schema: {
        summary: 'The sandbox gateway’s payment page (HTML, ru/en by Accept-Language or ?lang=)',
        tags: ['payments'],
        params: sandboxCheckoutParamsSchema,
        querystring: sandboxCheckoutQuerySchema,
        produces: ['text/html'],
        response: {
          200: nonJson('An HTML page'),
          ...errorResponses({ 404: 'NOT_FOUND: no such order or token' }),
        },
      },
    },
    async (request, reply) => {
      const { token, lang } = request.query;
      const order = await checkout(request.params.orderId, token);
      const locale = lang ?? pickLocale(request.headers['accept-language']);
      reply.type('text/html; charset=utf-8').header('referrer-policy', 'no-referrer');
      return renderSandboxPage(
        {
          orderId: order.id,
          amountKopecks: order.amountKopecks,
          payAmount: Number(order.payAmount ?? 0).toFixed(2),
          rubPerUsd,
          status: order.status,
          token,
          backPath: resultPath(order.returnArea, isPaid(order) ? 'success' : 'error', order.id),
        },
        locale,
      );
    },
  );

  fastify.post(
    '/payments/sandbox/:orderId',
    {
      config: { csrf: false, rateLimit: SANDBOX_RATE_LIMIT },
      schema: {
        summary:
          'A sandbox page button: the gateway sends its signed webhook(s) for the outcome, then sends the browser to the result page (303)',
        tags: ['payments'],
        params: sandboxCheckoutParamsSchema,
        body: sandboxActionBodySchema,
        response: {
          303: nonJson(
            'Redirect to /profile/payment/crypto/success|error?order={id} (/advister/... for advertisers)',
          ),
          ...errorResponses({ 404: 'NOT_FOUND: no such order or token' }),
        },
      },
    },
    async (request, reply) => {
      const { token, outcome } = request.body;
      const order = await checkout(request.params.orderId, token);
      let delivered = true;
      if (!isFinal(order.status)) {
        const { statuses, paidShare } = SANDBOX_STATUSES[outcome];
        const payAmount = Number(order.payAmount ?? 0);
        for (const status of statuses) {
          const code = await deliver({
            payment_id: sandboxPaymentId(order.providerInvoiceId ?? order.id),
            invoice_id: order.providerInvoiceId,
            payment_status: status,
            order_id: order.id,
            order_description: 'Balance top-up',
            price_amount: order.amountKopecks / 100,
            price_currency: 'rub',
            pay_amount: payAmount,
            actually_paid: Number((payAmount * paidShare).toFixed(6)),
            pay_currency: order.payCurrency,
            outcome_amount: Number((payAmount * paidShare).toFixed(6)),
            outcome_currency: order.payCurrency,
          });
          delivered &&= code === 200;
        }
      }
      // Where the browser goes is decided by what the webhooks did to the order, never the reverse.
      const after = (await service.findOrder(order.id)) ?? order;
      const target = resultPath(after.returnArea, delivered && isPaid(after) ? 'success' : 'error', after.id);
      return reply.code(303).header('location', target).send('');
    },
  );
};

import { setTimeout as sleep } from 'node:timers/promises';
import type {
  AccountType,
  CreatePaymentOrderInput,
  PaymentOrder,
  PaymentOrderStatus,
  PaymentProviderName,
} from 'contracts';
import type { FastifyBaseLogger } from 'fastify';
import * as v from 'valibot';
import type { Database } from '../../db/client';
import { ApiError } from '../../lib/api-error';
import { sha256 } from '../../lib/tokens';
import { post } from '../ledger/repository';
import { createPromoRepository } from '../promo/repository';
import type { PaymentProvider } from './providers';
import { type GatewayIpn, gatewayIpnSchema } from './schemas';
import {
  createPaymentsRepository,
  type OwnPaymentOrder,
  type PaymentOrderRow,
  type PaymentWebhookOutcome,
} from './repository';
import { type PaymentsTestDelay, REFUSED_WEBHOOK_BODY_BYTES, TEST_DELAY_LOG } from './settings';
import { SIGNATURE_HEADER } from './signature';
import { bonusKopecks, decide } from './status';

const KOPECKS = 100;

/** The ledger reference of the credit of one gateway payment: a payment credits once, ever. */
export const topUpReference = (provider: PaymentProviderName, paymentId: string) =>
  `topup:${provider}:${paymentId}`;

/**
 * The ledger reference of a deposit-percentage bonus: one per activation of the code (code and
 * account), so the bonus cannot be paid twice however many orders name it.
 */
export const topUpBonusReference = (promoCodeId: number, accountId: number) =>
  `topup-bonus:${promoCodeId}:${accountId}`;

export function orderDto(row: OwnPaymentOrder): PaymentOrder {
  return {
    id: row.id,
    provider: row.provider,
    amount: row.amountKopecks / KOPECKS,
    status: row.status,
    credited: row.creditedKopecks / KOPECKS,
    promoCode: row.promoCode,
    bonusPercent: row.bonusPercent,
    bonus: row.bonusKopecks / KOPECKS,
    payCurrency: row.payCurrency,
    payAmount: row.payAmount === null ? null : String(Number(row.payAmount)),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export interface PaymentCaller {
  accountId: number;
  accountType: AccountType;
}

/** A webhook as it reached the server. */
export interface WebhookDelivery {
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
  remoteAddress: string;
}

export interface WebhookResult {
  outcome: PaymentWebhookOutcome;
  status: PaymentOrderStatus;
}

/** The headers kept with a stored webhook: enough to audit it, no cookies. */
const KEPT_HEADERS = ['content-type', 'content-length', 'user-agent', SIGNATURE_HEADER] as const;

function keptHeaders(delivery: WebhookDelivery): Record<string, string> {
  const kept: Record<string, string> = { 'remote-address': delivery.remoteAddress };
  for (const name of KEPT_HEADERS) {
    const value = delivery.headers[name];
    if (value !== undefined) kept[name] = (Array.isArray(value) ? value.join(', ') : value).slice(0, 512);
  }
  return kept;
}

const encoder = new TextEncoder();

/** The body's size in bytes, as it was delivered. */
const byteLength = (text: string) => Buffer.byteLength(text, 'utf8');

/** The longest start of `text` that fits in `maxBytes` of UTF-8, never cutting a character. */
export function truncateUtf8(text: string, maxBytes: number): string {
  if (byteLength(text) <= maxBytes) return text;
  const { read } = encoder.encodeInto(text, new Uint8Array(maxBytes));
  return text.slice(0, read);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export interface PaymentsServiceOptions {
  db: Database;
  /** The active gateway; null when payments are off. */
  provider: PaymentProvider | null;
  log: FastifyBaseLogger;
  testDelay?: PaymentsTestDelay | undefined;
  clock?: () => Date;
}

export function createPaymentsService(options: PaymentsServiceOptions) {
  const { db, provider, log, testDelay } = options;
  const clock = options.clock ?? (() => new Date());
  const payments = createPaymentsRepository(db);

  async function pauseForTest(at: PaymentsTestDelay['at'], orderId: string): Promise<void> {
    if (testDelay?.at !== at) return;
    log.warn({ at, ms: testDelay.ms, orderId }, TEST_DELAY_LOG);
    await sleep(testDelay.ms);
  }

  /**
   * The deposit-percentage promo sent with an order, checked now: a DEPOSIT_PERCENTAGE code in
   * force, for this account type, that this account has activated and whose bonus it has not had.
   */
  async function depositPromo(code: string, caller: PaymentCaller) {
    const promos = createPromoRepository(db);
    const row = await promos.findByCode(code);
    const now = clock();
    const inForce =
      row?.isActive &&
      row.promoType === 'DEPOSIT_PERCENTAGE' &&
      !(row.validFrom && row.validFrom > now) &&
      !(row.validUntil && row.validUntil <= now);
    if (!row || !inForce) throw new ApiError(404, 'PROMO_INVALID');
    if (row.accountType && row.accountType !== caller.accountType) {
      throw new ApiError(403, 'PROMO_NOT_FOR_ROLE', {
        messageKey: caller.accountType === 'girl' ? 'promo.notForGirls' : 'promo.notForAdvertisers',
      });
    }
    // The client keeps the code after activating it; one it never activated is not its to send.
    if (!(await promos.hasActivated(row.id, caller.accountId))) throw new ApiError(404, 'PROMO_INVALID');
    if (await payments.ledgerReferenceExists(topUpBonusReference(row.id, caller.accountId))) {
      throw new ApiError(409, 'PROMO_ALREADY_USED');
    }
    return { id: row.id, code: row.code, percent: row.amount };
  }

  /**
   * Stores a webhook that is refused, and says so in the log. Only the start of its body is kept
   * (and the row only for a while, see retention.ts): anyone can send one, many a minute.
   */
  async function refuse(
    delivery: WebhookDelivery,
    providerName: PaymentProviderName,
    outcome: PaymentWebhookOutcome,
    details: { signatureValid: boolean; orderId?: string; ipn?: GatewayIpn },
  ): Promise<void> {
    await payments.insertWebhook({
      provider: providerName,
      headers: keptHeaders(delivery),
      rawBody: truncateUtf8(delivery.rawBody, REFUSED_WEBHOOK_BODY_BYTES),
      bodyBytes: byteLength(delivery.rawBody),
      signatureValid: details.signatureValid,
      orderId: details.orderId ?? null,
      providerPaymentId: details.ipn?.payment_id ?? null,
      paymentStatus: details.ipn?.payment_status ?? null,
      outcome,
      processedAt: clock(),
    });
    log.warn(
      { provider: providerName, outcome, remoteAddress: delivery.remoteAddress },
      'payment webhook refused',
    );
  }

  /**
   * Applies a verified webhook to its order in one transaction: the order row locked, the status
   * moved forward, the credit and its bonus posted to the ledger, and the stored webhook marked
   * with the outcome and the ledger transaction it caused, all committed together or not at all.
   */
  async function apply(webhookId: number, orderId: string, ipn: GatewayIpn) {
    return db.transaction(async (tx) => {
      const repo = createPaymentsRepository(tx);
      const order = await repo.findOrder(orderId, { forUpdate: true });
      if (!order) throw new Error(`payment order ${orderId} vanished`);
      let decision = decide(order, ipn);
      if (decision.kind === 'advance' && order.providerPaymentId === null) {
        const other = await repo.otherOrderOfPayment(order.provider, ipn.payment_id, order.id);
        if (other)
          decision = { kind: 'conflict', reason: `payment ${ipn.payment_id} belongs to order ${other}` };
      }
      if (decision.kind !== 'advance') {
        await repo.finishWebhook(webhookId, decision.kind === 'conflict' ? 'conflict' : 'ignored');
        return {
          order,
          decision,
          outcome: decision.kind === 'conflict' ? ('conflict' as const) : ('ignored' as const),
        };
      }

      let creditTransaction: number | null = null;
      let bonus = 0;
      if (decision.creditKopecks > 0) {
        const posted = await post(tx, {
          kind: 'top_up',
          reference: topUpReference(order.provider, ipn.payment_id),
          metadata: { orderId: order.id, paymentId: ipn.payment_id, status: decision.status },
          entries: [
            [{ accountId: order.accountId }, decision.creditKopecks],
            [{ systemAccount: 'payments' }, -decision.creditKopecks],
          ],
        });
        // The order lock and its final status already stop a second credit; the reference is
        // the database's own guarantee beneath them.
        if (posted.duplicate) {
          await repo.finishWebhook(webhookId, 'ignored');
          return { order, decision: { kind: 'ignore' } as const, outcome: 'ignored' as const };
        }
        creditTransaction = posted.transactionId;
        if (order.promoCodeId !== null && order.bonusPercent !== null) {
          const amount = bonusKopecks(decision.creditKopecks, order.bonusPercent);
          if (amount > 0) {
            const postedBonus = await post(tx, {
              kind: 'top_up_bonus',
              reference: topUpBonusReference(order.promoCodeId, order.accountId),
              metadata: { orderId: order.id, promoCodeId: order.promoCodeId, percent: order.bonusPercent },
              entries: [
                [{ accountId: order.accountId }, amount],
                [{ systemAccount: 'promotions' }, -amount],
              ],
            });
            if (!postedBonus.duplicate) bonus = amount;
          }
        }
      }
      const updated = await repo.updateOrder(order.id, {
        status: decision.status,
        providerPaymentId: order.providerPaymentId ?? ipn.payment_id,
        creditedKopecks: order.creditedKopecks + decision.creditKopecks,
        bonusKopecks: order.bonusKopecks + bonus,
      });
      const outcome = creditTransaction === null ? ('updated' as const) : ('credited' as const);
      await repo.finishWebhook(webhookId, outcome, creditTransaction);
      await pauseForTest('before-commit', order.id);
      return { order: updated, decision, outcome };
    });
  }

  return {
    provider,

    /** Creates an order and the gateway's invoice for it. */
    async createOrder(
      caller: PaymentCaller,
      input: CreatePaymentOrderInput,
    ): Promise<{ order: PaymentOrder; paymentUrl: string }> {
      if (!provider) throw new ApiError(503, 'PAYMENT_FAILED');
      const promo = input.promoCode ? await depositPromo(input.promoCode, caller) : null;
      const amountKopecks = input.amount * KOPECKS;
      const created = await payments.insertOrder({
        accountId: caller.accountId,
        provider: provider.name,
        amountKopecks,
        returnArea: caller.accountType,
        promoCodeId: promo?.id ?? null,
        bonusPercent: promo?.percent ?? null,
      });
      let invoice: Awaited<ReturnType<PaymentProvider['createInvoice']>>;
      try {
        invoice = await provider.createInvoice({
          orderId: created.id,
          amountKopecks,
          returnArea: caller.accountType,
        });
      } catch (error) {
        log.error(
          { err: error, orderId: created.id, provider: provider.name },
          'the gateway made no invoice',
        );
        await payments.updateOrder(created.id, { status: 'failed' });
        throw new ApiError(502, 'PAYMENT_FAILED');
      }
      const order = await payments.updateOrder(created.id, {
        providerInvoiceId: invoice.invoiceId,
        payCurrency: invoice.payCurrency,
        payAmount: invoice.payAmount,
        checkoutTokenHash: invoice.checkoutToken === null ? null : sha256(invoice.checkoutToken),
      });
      return {
        order: orderDto({ ...order, promoCode: promo?.code ?? null }),
        paymentUrl: invoice.paymentUrl,
      };
    },

    async ownOrder(accountId: number, id: string): Promise<PaymentOrder> {
      const row = await payments.findOwnOrder(accountId, id);
      // Someone else's order answers as if it did not exist.
      if (!row) throw new ApiError(404, 'NOT_FOUND');
      return orderDto(row);
    },

    async ownOrders(accountId: number, page: number, perPage: number) {
      const { rows, total } = await payments.listOwnOrders(accountId, page, perPage);
      return { items: rows.map(orderDto), total, page, perPage, pageCount: Math.ceil(total / perPage) };
    },

    /** The order, for the sandbox page and its buttons. */
    findOrder: (id: string): Promise<PaymentOrderRow | null> => payments.findOrder(id),

    /**
     * Receives a webhook from `gateway`. Every one is stored first, as it came; only a verified
     * one about a known order of that gateway is applied. Throws ApiError for the refused ones
     * (400 malformed, 401 bad signature, 404 unknown order, 409 conflict), after storing them.
     */
    async receiveWebhook(gateway: PaymentProvider, delivery: WebhookDelivery): Promise<WebhookResult> {
      let body: unknown;
      try {
        body = JSON.parse(delivery.rawBody);
      } catch {
        body = undefined;
      }
      const signature = delivery.headers[SIGNATURE_HEADER];
      const signatureValid =
        isPlainObject(body) &&
        gateway.verifyWebhook(body, typeof signature === 'string' ? signature : undefined);
      if (!signatureValid) {
        await refuse(delivery, gateway.name, isPlainObject(body) ? 'rejected_signature' : 'malformed', {
          signatureValid: false,
        });
        if (!isPlainObject(body))
          throw new ApiError(400, 'VALIDATION_FAILED', { messageKey: 'validation.malformedBody' });
        throw new ApiError(401, 'UNAUTHORIZED');
      }
      const parsed = v.safeParse(gatewayIpnSchema, body);
      if (!parsed.success) {
        await refuse(delivery, gateway.name, 'malformed', { signatureValid: true });
        throw new ApiError(400, 'VALIDATION_FAILED', { messageKey: 'validation.malformedBody' });
      }
      const ipn = parsed.output;
      const order = await payments.findOrder(ipn.order_id);
      if (!order || order.provider !== gateway.name) {
        await refuse(delivery, gateway.name, 'unknown_order', { signatureValid: true, ipn });
        throw new ApiError(404, 'NOT_FOUND');
      }

      // Stored before it is applied: a crash while applying leaves it as `received`.
      const webhookId = await payments.insertWebhook({
        provider: gateway.name,
        headers: keptHeaders(delivery),
        // Verified and about a known order: the books' evidence, kept whole.
        rawBody: delivery.rawBody,
        bodyBytes: byteLength(delivery.rawBody),
        signatureValid: true,
        orderId: order.id,
        providerPaymentId: ipn.payment_id,
        paymentStatus: ipn.payment_status,
        outcome: 'received',
      });
      const applied = await apply(webhookId, order.id, ipn);
      if (applied.decision.kind === 'conflict') {
        log.error(
          { orderId: order.id, paymentId: ipn.payment_id, reason: applied.decision.reason },
          'payment webhook conflicts with its order: left for a person to review',
        );
        throw new ApiError(409, 'CONFLICT');
      }
      if (applied.outcome === 'credited') {
        log.info(
          { orderId: order.id, paymentId: ipn.payment_id, status: applied.order.status },
          'top-up credited',
        );
      }
      await pauseForTest('after-commit', order.id);
      return { outcome: applied.outcome, status: applied.order.status };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;

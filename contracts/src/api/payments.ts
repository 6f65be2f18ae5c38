import * as v from 'valibot';
import type * as responses from '../responses';
import { positiveIntString } from '../common';
import { LISTING_MAX_PAGE } from '../constants';
import { optionalPromoCodeSchema } from '../validation/promo-code';
import { topUpModalSchema, topUpSchema } from '../validation/balance';

/** The gateways a top-up can go through: our own sandbox, or NOWPayments. */
export const PAYMENT_PROVIDERS = ['sandbox', 'nowpayments'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/**
 * What became of a webhook: `received` until it is processed (a crash leaves it so), then
 * `credited` (money moved: exactly one such row per top-up ledger transaction), `updated` (the
 * order's status advanced, no money), `ignored` (stale, repeated, or the order was final),
 * `rejected_signature`, `malformed`, `unknown_order`, or `conflict` (another payment of the order,
 * or amounts that do not match the order: left for a person to look at).
 */
export const PAYMENT_WEBHOOK_OUTCOMES = [
  'received',
  'credited',
  'updated',
  'ignored',
  'rejected_signature',
  'malformed',
  'unknown_order',
  'conflict',
] as const;
export type PaymentWebhookOutcome = (typeof PAYMENT_WEBHOOK_OUTCOMES)[number];

/**
 * An order's status. The first four are on the way; the last four are final and never change
 * again. `partially_paid` credits what arrived, `finished` the whole amount.
 */
export const PAYMENT_ORDER_STATUSES = [
  'created',
  'waiting',
  'confirming',
  'confirmed',
  'partially_paid',
  'finished',
  'failed',
  'expired',
] as const;
export type PaymentOrderStatus = (typeof PAYMENT_ORDER_STATUSES)[number];
export const FINAL_PAYMENT_STATUSES: readonly PaymentOrderStatus[] = [
  'partially_paid',
  'finished',
  'failed',
  'expired',
];

/** What the gateway (NOWPayments' documented `payment_status` values) says about a payment. */
export const GATEWAY_PAYMENT_STATUSES = [
  'waiting',
  'confirming',
  'confirmed',
  'sending',
  'partially_paid',
  'finished',
  'failed',
  'refunded',
  'expired',
] as const;
export type GatewayPaymentStatus = (typeof GATEWAY_PAYMENT_STATUSES)[number];

const promoCode = v.optional(optionalPromoCodeSchema);

/**
 * Body of POST /api/payments/orders: whole rubles. The API takes any top-up of `topUpSchema`
 * (above 0, at most 100,000); a request from the payment modal says `source: 'modal'` and is held
 * to the modal's own minimum (`topUpModalSchema`, 500). `promoCode` names a DEPOSIT_PERCENTAGE
 * code the account has activated: its bonus is credited with this top-up.
 */
export const createPaymentOrderBodySchema = v.variant(
  'source',
  [
    v.object(
      {
        ...topUpModalSchema.entries,
        source: v.literal('modal', 'validation.invalidPaymentSource'),
        promoCode,
      },
      'validation.required',
    ),
    v.object(
      {
        ...topUpSchema.entries,
        source: v.optional(v.literal('api', 'validation.invalidPaymentSource')),
        promoCode,
      },
      'validation.required',
    ),
  ],
  'validation.required',
);
export type CreatePaymentOrderBody = v.InferInput<typeof createPaymentOrderBodySchema>;
export type CreatePaymentOrderInput = v.InferOutput<typeof createPaymentOrderBodySchema>;

export const PAYMENT_ORDERS_PAGE_SIZE = 20;
export const PAYMENT_ORDERS_MAX_PAGE_SIZE = 100;

/** Query of GET /api/payments/orders. */
export const paymentOrderListQuerySchema = v.object(
  {
    page: v.optional(
      v.pipe(
        positiveIntString('validation.invalidPage'),
        v.maxValue(LISTING_MAX_PAGE, 'validation.invalidPage'),
      ),
    ),
    perPage: v.optional(
      v.pipe(
        positiveIntString('validation.invalidPerPage'),
        v.maxValue(PAYMENT_ORDERS_MAX_PAGE_SIZE, 'validation.invalidPerPage'),
      ),
    ),
  },
  'validation.invalidQuery',
);
export type PaymentOrderListQuery = v.InferOutput<typeof paymentOrderListQuerySchema>;

/** Orders are named by UUIDs: they appear in payment links and are sent to the gateway. */
const orderId = v.pipe(v.string('validation.invalidId'), v.uuid('validation.invalidId'));

/** GET /api/payments/orders/:id */
export const paymentOrderParamsSchema = v.object({ id: orderId }, 'validation.invalidId');

/** An order as its owner reads it (GET /api/payments/orders, /orders/:id). */
export type PaymentOrder = v.InferOutput<typeof responses.paymentOrder>;

/** POST /api/payments/orders: the order and where to send the browser to pay it. */
export type PaymentOrderCreatedResponse = v.InferOutput<typeof responses.paymentOrderCreated>;

/** GET /api/payments/orders: newest first. */
export type PaymentOrderListResponse = v.InferOutput<typeof responses.paymentOrderList>;

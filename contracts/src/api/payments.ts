import * as v from 'valibot';
import type * as responses from '../responses';
import { pageQueryEntries } from '../common';
import type { PaymentOrderStatus } from '../enums';
import { optionalPromoCodeSchema } from '../validation/promo-code';
import { topUpModalSchema, topUpSchema } from '../validation/balance';

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
  pageQueryEntries(PAYMENT_ORDERS_MAX_PAGE_SIZE),
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

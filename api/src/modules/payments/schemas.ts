import { GATEWAY_PAYMENT_STATUSES } from 'contracts';
import * as v from 'valibot';

/*
 * The gateway's side of a top-up: the sandbox gateway's page and buttons, and the IPN callbacks
 * gateways send. No front end of ours sends these, so they live here rather than in contracts;
 * what they refuse is answered with the API's generic `validation.invalid`.
 */

const orderId = v.pipe(v.string('validation.invalidId'), v.uuid('validation.invalidId'));

/** The sandbox page and its buttons: the order and its unguessable checkout token. */
export const sandboxCheckoutParamsSchema = v.object({ orderId }, 'validation.invalidId');
const checkoutToken = v.pipe(
  v.string('validation.invalid'),
  v.regex(/^[A-Za-z0-9_-]{20,100}$/, 'validation.invalid'),
);
export const sandboxCheckoutQuerySchema = v.object(
  { token: checkoutToken, lang: v.optional(v.picklist(['ru', 'en'], 'validation.invalid')) },
  'validation.invalidQuery',
);

/** What the sandbox page's buttons ask its gateway to do. */
export const SANDBOX_OUTCOMES = ['pay', 'partial', 'fail', 'expire'] as const;
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];

/** The form a sandbox page button posts (application/x-www-form-urlencoded). */
export const sandboxActionBodySchema = v.object(
  {
    token: checkoutToken,
    outcome: v.picklist(SANDBOX_OUTCOMES, 'validation.invalid'),
    lang: v.optional(v.picklist(['ru', 'en'], 'validation.invalid')),
  },
  'validation.required',
);

/** A crypto amount as the gateway writes it: a JSON number, or a numeric string. */
const gatewayAmount = v.union([
  v.pipe(v.number(), v.finite(), v.minValue(0)),
  v.pipe(v.string(), v.regex(/^\d{1,16}(?:\.\d{1,18})?$/), v.transform(Number)),
]);

/**
 * An IPN callback as NOWPayments documents it (the sandbox sends the same shape). Only the fields
 * the API acts on are checked; the others are kept as received, and the signature covers them all.
 */
export const gatewayIpnSchema = v.looseObject({
  payment_id: v.union([
    v.pipe(v.number(), v.safeInteger(), v.minValue(1), v.transform(String)),
    v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)),
  ]),
  payment_status: v.picklist(GATEWAY_PAYMENT_STATUSES),
  order_id: v.pipe(v.string(), v.uuid()),
  price_amount: gatewayAmount,
  price_currency: v.string(),
  pay_amount: v.optional(v.nullable(gatewayAmount)),
  actually_paid: v.optional(v.nullable(gatewayAmount)),
  pay_currency: v.optional(v.nullable(v.string())),
});
export type GatewayIpn = v.InferOutput<typeof gatewayIpnSchema>;

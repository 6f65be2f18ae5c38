import * as v from 'valibot';
import type * as responses from '../responses';
import { pageQueryEntries, positiveIntString } from '../common';
import { PROMO_CODE_MAX_LENGTH, PROMO_CODE_MIN_LENGTH } from '../constants';
import { ACCOUNT_TYPES, PAYMENT_ORDER_STATUSES, PROMO_TYPES } from '../enums';
import { ADMIN_MAX_PAGE_SIZE } from './admin';
import { isAdDay } from './ad-days';

/** An administrator's correction of a balance: at most this many rubles either way. */
export const ADJUSTMENT_MAX_RUBLES = 1_000_000;
/**
 * A correction of more than this many rubles either way waits for a second administrator's
 * approval (the server's ADJUSTMENT_APPROVAL_RUBLES may set another figure).
 */
export const ADJUSTMENT_APPROVAL_RUBLES_DEFAULT = 10_000;
export const ADJUSTMENT_REASON = { min: 3, max: 500 } as const;
/** What a BALANCE_AMOUNT code may credit (rubles) and a DEPOSIT_PERCENTAGE one add (percent). */
export const PROMO_AMOUNT_BOUNDS = {
  BALANCE_AMOUNT: { min: 1, max: 100_000 },
  DEPOSIT_PERCENTAGE: { min: 1, max: 100 },
} as const;
export const PROMO_MAX_ACTIVATIONS = 1_000_000;
export const PROMO_DESCRIPTION_MAX_LENGTH = 200;

/** Query of GET /api/admin-panel/payments/orders: newest first, by status and account. */
export const adminPaymentOrderQuerySchema = v.object(
  {
    status: v.optional(v.picklist(PAYMENT_ORDER_STATUSES, 'validation.invalidStatus')),
    accountId: v.optional(positiveIntString('validation.invalidId')),
    ...pageQueryEntries(ADMIN_MAX_PAGE_SIZE),
  },
  'validation.invalidQuery',
);
export type AdminPaymentOrderQuery = v.InferOutput<typeof adminPaymentOrderQuerySchema>;

/** Whole kopecks: at most two decimals (0.1 * 100 is 10.000000000000002 in binary). */
const hasKopecksOnly = (rubles: number) => Math.abs(Math.round(rubles * 100) - rubles * 100) < 1e-6;

/**
 * Body of POST /api/admin-panel/accounts/{id}/adjustments: rubles to add (negative: take away),
 * never 0, with the reason the ledger keeps.
 */
export const adjustmentBodySchema = v.object(
  {
    amount: v.pipe(
      v.number('validation.invalidAdjustment'),
      v.finite('validation.invalidAdjustment'),
      v.check(
        (rubles) => rubles !== 0 && Math.abs(rubles) <= ADJUSTMENT_MAX_RUBLES && hasKopecksOnly(rubles),
        'validation.invalidAdjustment',
      ),
    ),
    reason: v.pipe(
      v.string('validation.reasonRequired'),
      v.trim(),
      v.nonEmpty('validation.reasonRequired'),
      v.minLength(ADJUSTMENT_REASON.min, 'validation.reasonTooShort'),
      v.maxLength(ADJUSTMENT_REASON.max, 'validation.reasonTooLong'),
    ),
  },
  'validation.required',
);
export type AdjustmentBody = v.InferOutput<typeof adjustmentBodySchema>;

/** Query of GET /api/admin-panel/adjustments: the pending ones, of one account or all. */
export const adminAdjustmentQuerySchema = v.object(
  { accountId: v.optional(positiveIntString('validation.invalidId')) },
  'validation.invalidQuery',
);
export type AdminAdjustmentQuery = v.InferOutput<typeof adminAdjustmentQuerySchema>;

const description = v.pipe(
  v.string('validation.promoDescriptionRequired'),
  v.trim(),
  v.nonEmpty('validation.promoDescriptionRequired'),
  v.maxLength(PROMO_DESCRIPTION_MAX_LENGTH, 'validation.promoDescriptionTooLong'),
);
const day = v.nullish(
  v.pipe(v.string('validation.invalidAdDate'), v.check(isAdDay, 'validation.invalidAdDate')),
);

/**
 * Body of POST /api/admin-panel/promo-codes. The code is stored upper-case; `validFrom` and
 * `validUntil` are days in Moscow time, both included.
 */
export const promoCodeCreateBodySchema = v.pipe(
  v.object(
    {
      code: v.pipe(
        v.string('validation.promoRequired'),
        v.trim(),
        v.toUpperCase(),
        v.nonEmpty('validation.promoRequired'),
        v.minLength(PROMO_CODE_MIN_LENGTH, 'validation.promoTooShort'),
        v.maxLength(PROMO_CODE_MAX_LENGTH, 'validation.promoTooLong'),
        v.regex(/^[A-Z0-9]+$/, 'validation.promoLatinDigits'),
      ),
      promoType: v.picklist(PROMO_TYPES, 'validation.invalidPromoType'),
      amount: v.pipe(v.number('validation.invalidPromoAmount'), v.integer('validation.invalidPromoAmount')),
      accountType: v.nullish(v.picklist(ACCOUNT_TYPES, 'validation.invalidAccountType')),
      maxActivations: v.nullish(
        v.pipe(
          v.number('validation.invalidMaxActivations'),
          v.integer('validation.invalidMaxActivations'),
          v.minValue(1, 'validation.invalidMaxActivations'),
          v.maxValue(PROMO_MAX_ACTIVATIONS, 'validation.invalidMaxActivations'),
        ),
      ),
      validFrom: day,
      validUntil: day,
      descriptionRu: description,
      descriptionEn: description,
    },
    'validation.required',
  ),
  v.forward(
    v.partialCheck(
      [['promoType'], ['amount']],
      ({ promoType, amount }) =>
        amount >= PROMO_AMOUNT_BOUNDS[promoType].min && amount <= PROMO_AMOUNT_BOUNDS[promoType].max,
      'validation.invalidPromoAmount',
    ),
    ['amount'],
  ),
  v.forward(
    v.partialCheck(
      [['validFrom'], ['validUntil']],
      ({ validFrom, validUntil }) => !validFrom || !validUntil || validFrom < validUntil,
      'validation.invalidRange',
    ),
    ['validUntil'],
  ),
);
export type PromoCodeCreateBodyInput = v.InferInput<typeof promoCodeCreateBodySchema>;
export type PromoCodeCreateBody = v.InferOutput<typeof promoCodeCreateBodySchema>;

export type AdminPaymentOrder = v.InferOutput<typeof responses.adminPaymentOrder>;
export type AdminPaymentOrderList = v.InferOutput<typeof responses.adminPaymentOrderList>;
export type AdminPaymentOrderDetails = v.InferOutput<typeof responses.adminPaymentOrderDetails>;
export type AdminPaymentWebhook = v.InferOutput<typeof responses.adminPaymentWebhook>;
export type AdminPromoCode = v.InferOutput<typeof responses.adminPromoCode>;
export type AdminPromoCodeList = v.InferOutput<typeof responses.adminPromoCodeList>;
export type AdminBalanceAdjustment = v.InferOutput<typeof responses.adminBalanceAdjustment>;
export type AdminBalanceAdjustmentList = v.InferOutput<typeof responses.adminBalanceAdjustmentList>;
export type AdminAdjustmentPending = v.InferOutput<typeof responses.adminAdjustmentPending>;

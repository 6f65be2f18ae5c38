import * as v from 'valibot';
import { ACCOUNT_TYPES, type PromoType } from '../enums';
import { promoCodeFormSchema, promoCodeSchema } from '../validation/promo-code';

/** POST /api/promo/validate and /api/promo/activate: `{ code }`, trimmed and upper-cased. */
export const promoCodeBodySchema = promoCodeFormSchema;
export type PromoCodeBody = v.InferInput<typeof promoCodeBodySchema>;

/**
 * POST /api/promo/validate-public, from the registration form. `accountType` (the form being
 * filled in) is optional; with it, a code meant for the other account type is refused at once.
 */
export const validatePublicPromoBodySchema = v.object(
  {
    code: promoCodeSchema,
    accountType: v.optional(v.picklist(ACCOUNT_TYPES, 'validation.invalidAccountType')),
  },
  'validation.required',
);
export type ValidatePublicPromoBody = v.InferInput<typeof validatePublicPromoBodySchema>;

/** A promo code as the client shows and keeps it. */
export interface PromoCodeInfo {
  code: string;
  /** In the request's language. */
  description: string;
  promoType: PromoType;
  /** Whole rubles for BALANCE_AMOUNT, a percentage of the next top-up for DEPOSIT_PERCENTAGE. */
  amount: number;
}

/** POST /api/promo/validate and /api/promo/validate-public */
export interface PromoValidateResponse {
  valid: true;
  promocode: PromoCodeInfo;
}

/**
 * POST /api/promo/activate. A BALANCE_AMOUNT code has already been credited; a
 * DEPOSIT_PERCENTAGE code is for the client to keep until the next top-up.
 */
export interface PromoActivateResponse {
  promocode: PromoCodeInfo;
  /** ISO 8601. */
  activatedAt: string;
  /** The account's balance after the activation, in rubles. */
  balance: number;
}

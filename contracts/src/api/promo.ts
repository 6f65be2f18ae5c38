import * as v from 'valibot';
import { ACCOUNT_TYPES } from '../enums';
import type * as responses from '../responses';
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
export type PromoCodeInfo = v.InferOutput<typeof responses.promoCodeInfo>;

/** POST /api/promo/validate and /api/promo/validate-public */
export type PromoValidateResponse = v.InferOutput<typeof responses.promoValidate>;

/** POST /api/promo/activate */
export type PromoActivateResponse = v.InferOutput<typeof responses.promoActivate>;

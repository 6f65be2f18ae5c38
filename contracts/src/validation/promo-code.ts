import * as v from 'valibot';
import { PROMO_CODE_MAX_LENGTH, PROMO_CODE_MIN_LENGTH } from '../constants';

/** The spec upper-cases what is typed, so "summer" and "SUMMER " name the same code. */
const normalized = v.pipe(v.string('validation.promoRequired'), v.trim(), v.toUpperCase());

export const promoCodeSchema = v.pipe(
  normalized,
  v.nonEmpty('validation.promoRequired'),
  v.minLength(PROMO_CODE_MIN_LENGTH, 'validation.promoTooShort'),
  v.maxLength(PROMO_CODE_MAX_LENGTH, 'validation.promoTooLong'),
);

/** The activation form under the balance. */
export const promoCodeFormSchema = v.object({ code: promoCodeSchema }, 'validation.required');
export type PromoCodeFormInput = v.InferOutput<typeof promoCodeFormSchema>;

/** The registration form's promo field: blank means none, anything else follows promoCodeSchema. */
export const optionalPromoCodeSchema = v.pipe(
  v.nullish(normalized, ''),
  v.check((code) => code === '' || code.length >= PROMO_CODE_MIN_LENGTH, 'validation.promoTooShort'),
  v.maxLength(PROMO_CODE_MAX_LENGTH, 'validation.promoTooLong'),
  v.transform((code) => (code === '' ? undefined : code)),
);

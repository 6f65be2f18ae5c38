import { type PromoCodeCreateBody, promoCodeCreateBodySchema } from 'contracts';
import * as v from 'valibot';

/** The create form as typed: every field text, empty meaning "none" where the API allows it. */
export interface PromoFormValues {
  code: string;
  promoType: 'BALANCE_AMOUNT' | 'DEPOSIT_PERCENTAGE';
  amount: string;
  accountType: '' | 'girl' | 'advister';
  maxActivations: string;
  validFrom: string;
  validUntil: string;
  descriptionRu: string;
  descriptionEn: string;
}

export const emptyPromoForm = (): PromoFormValues => ({
  code: '',
  promoType: 'BALANCE_AMOUNT',
  amount: '',
  accountType: '',
  maxActivations: '',
  validFrom: '',
  validUntil: '',
  descriptionRu: '',
  descriptionEn: '',
});

/** Text to a number; an empty field is not a number (so it fails as "enter an amount"). */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(/\s/g, '')));
const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

export function bodyOf(values: PromoFormValues): PromoCodeCreateBody {
  return {
    code: values.code,
    promoType: values.promoType,
    amount: numberOf(values.amount),
    accountType: values.accountType || null,
    maxActivations: values.maxActivations.trim() === '' ? null : numberOf(values.maxActivations),
    validFrom: orNull(values.validFrom),
    validUntil: orNull(values.validUntil),
    descriptionRu: values.descriptionRu,
    descriptionEn: values.descriptionEn,
  };
}

/** The form is held to the API's own body schema, after the texts become what the API takes. */
export const promoFormSchema = v.pipe(
  v.custom<PromoFormValues>((input) => typeof input === 'object' && input !== null),
  v.transform(bodyOf),
  promoCodeCreateBodySchema,
);

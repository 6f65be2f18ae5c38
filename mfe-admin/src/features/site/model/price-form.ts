import { type AdminPriceItem, type PriceItemBody, priceItemBodySchema } from 'contracts';
import * as v from 'valibot';

/** A price line as typed: prices are text until they are checked. */
export interface PriceFormValues {
  titleRu: string;
  titleEn: string;
  mskSpbPrice: string;
  otherPrice: string;
}

export const priceFormOf = (item: AdminPriceItem): PriceFormValues => ({
  titleRu: item.titleRu,
  titleEn: item.titleEn,
  mskSpbPrice: String(item.mskSpbPrice),
  otherPrice: String(item.otherPrice),
});

/** An empty price is not a number, so it fails as "enter a price" instead of becoming 0. */
const dollars = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(/\s/g, '')));

export const priceBodyOf = (values: PriceFormValues): PriceItemBody => ({
  titleRu: values.titleRu,
  titleEn: values.titleEn,
  mskSpbPrice: dollars(values.mskSpbPrice),
  otherPrice: dollars(values.otherPrice),
});

/** The line is held to the API's own body schema. */
export const priceFormSchema = v.pipe(
  v.custom<PriceFormValues>((input) => typeof input === 'object' && input !== null),
  v.transform(priceBodyOf),
  priceItemBodySchema,
);

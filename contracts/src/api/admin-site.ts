import * as v from 'valibot';
import type * as responses from '../responses';
import { PRICE_LISTS } from '../enums';

export const SLOGAN_MAX_LENGTH = 120;
export const PRICE_TITLE_MAX_LENGTH = 120;
/** Prices are whole US dollars. */
export const PRICE_MAX = 1_000_000;

const slogan = v.pipe(
  v.string('validation.sloganRequired'),
  v.trim(),
  v.nonEmpty('validation.sloganRequired'),
  v.maxLength(SLOGAN_MAX_LENGTH, 'validation.sloganTooLong'),
);

/** Body of PUT /api/admin-panel/site/slogan: the header's slogan in both languages. */
export const sloganBodySchema = v.object({ ru: slogan, en: slogan }, 'validation.required');
export type SloganBody = v.InferOutput<typeof sloganBodySchema>;

/** Params of PUT /api/admin-panel/site/prices/{list}/{code}. */
export const priceItemParamsSchema = v.object(
  {
    list: v.picklist(PRICE_LISTS, 'validation.invalidPriceList'),
    code: v.pipe(
      v.string('validation.invalidPriceCode'),
      v.regex(/^[a-z0-9_]{1,64}$/, 'validation.invalidPriceCode'),
    ),
  },
  'validation.invalidPriceCode',
);
export type PriceItemParams = v.InferOutput<typeof priceItemParamsSchema>;

const title = v.pipe(
  v.string('validation.priceTitleRequired'),
  v.trim(),
  v.nonEmpty('validation.priceTitleRequired'),
  v.maxLength(PRICE_TITLE_MAX_LENGTH, 'validation.priceTitleTooLong'),
);
const price = v.pipe(
  v.number('validation.invalidPrice'),
  v.integer('validation.invalidPrice'),
  v.minValue(0, 'validation.invalidPrice'),
  v.maxValue(PRICE_MAX, 'validation.invalidPrice'),
);

/** Body of PUT /api/admin-panel/site/prices/{list}/{code}: whole US dollars. */
export const priceItemBodySchema = v.object(
  { titleRu: title, titleEn: title, mskSpbPrice: price, otherPrice: price },
  'validation.required',
);
export type PriceItemBody = v.InferOutput<typeof priceItemBodySchema>;

export type AdminSite = v.InferOutput<typeof responses.adminSite>;
export type AdminPriceItem = v.InferOutput<typeof responses.adminPriceItem>;
export type AdminSlogan = v.InferOutput<typeof responses.adminSlogan>;

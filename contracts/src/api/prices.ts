import type * as v from 'valibot';
import { AD_PRICE_CODES, PROMOTION_PRICE_CODES, PUBLICATION_PRICE_CODE } from '../constants';
import type { PriceList } from '../enums';
import type * as responses from '../responses';

/**
 * The price rows of what the product sells, by list: the codes its purchases charge (a month of
 * publication, the promotions, a campaign's placements). The price page shows these and no other
 * row, whatever the API it runs against still holds.
 */
export const SOLD_PRICE_CODES: Readonly<Record<PriceList, readonly string[]>> = {
  models_boosting: [PUBLICATION_PRICE_CODE, ...Object.values(PROMOTION_PRICE_CODES)],
  additional_services: [],
  ads_boosting: Object.values(AD_PRICE_CODES),
};

/** Whether a row of price list `list` is something the product sells. */
export const isSoldPrice = (list: PriceList, code: string): boolean => SOLD_PRICE_CODES[list].includes(code);

/** One line of a price list. Prices are whole US dollars, as the price page shows them. */
export type PriceItem = v.InferOutput<typeof responses.priceItem>;

/** GET /api/tipping-prices/models-boosting, /additional-services and /ads-boosting. */
export type PriceListResponse = v.InferOutput<typeof responses.priceList>;

/** GET /api/tipping-prices: the price page, profile services first and advertising second. */
export type PricePageResponse = v.InferOutput<typeof responses.pricePage>;

import type * as v from 'valibot';
import type * as responses from '../responses';

/** One line of a price list. Prices are whole US dollars, as the price page shows them. */
export type PriceItem = v.InferOutput<typeof responses.priceItem>;

/** GET /api/tipping-prices/models-boosting, /additional-services and /ads-boosting. */
export type PriceListResponse = v.InferOutput<typeof responses.priceList>;

/** GET /api/tipping-prices: the price page, profile services first and advertising second. */
export type PricePageResponse = v.InferOutput<typeof responses.pricePage>;

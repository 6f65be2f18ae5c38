import type { LocalizedText } from '../common';

/** One line of a price list. Prices are whole US dollars, as the price page shows them. */
export interface PriceItem {
  /** Stable key of the item, e.g. `top_7_days`. */
  code: string;
  title: LocalizedText;
  /** Moscow and St Petersburg. */
  mskSpbPrice: number;
  /** Every other city. */
  otherPrice: number;
}

/** GET /api/tipping-prices/models-boosting, /additional-services and /ads-boosting. */
export interface PriceListResponse {
  items: PriceItem[];
}

/** GET /api/tipping-prices: the price page, profile services first and advertising second. */
export interface PricePageResponse {
  /** The models-boosting list followed by the additional-services list. */
  posting_models: PriceItem[];
  ads: PriceItem[];
}

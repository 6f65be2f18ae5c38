import type { CityRef, MetroRef } from './model';

export interface MetroStation extends MetroRef {
  line: { ru: string; en: string };
  /** `#RRGGBB` of the line on the official map, or null when unknown. */
  lineColor: string | null;
}

export interface CityWithMetro extends CityRef {
  /** Empty for cities without a metro. */
  metro: MetroStation[];
}

/** GET /api/cities */
export interface CityListResponse {
  items: CityWithMetro[];
}

import { AD_PRICE_CODES, type AdPlacement, type AdPricing, MSK_SPB_CITY_SLUGS } from 'contracts';
import { daysBetween } from 'contracts/campaigns';
import type { Database } from '../../db/client';
import { createPriceRepository } from '../prices/repository';

type PriceRow = { mskSpb: number; other: number };
export type AdPrices = Readonly<Record<keyof typeof AD_PRICE_CODES, PriceRow>>;

/** Reads the three prices in the caller's transaction (an admin's change applies to the next sale). */
export async function loadAdPrices(db: Database): Promise<AdPrices> {
  const rows = await createPriceRepository(db).pricesOfCodes('ads_boosting', Object.values(AD_PRICE_CODES));
  const byCode = new Map(rows.map((row) => [row.code, { mskSpb: row.mskSpb, other: row.other }]));
  const of = (code: string) => {
    const row = byCode.get(code);
    if (!row) throw new Error(`price ads_boosting/${code} is missing from the price tables`);
    return row;
  };
  return {
    mainDay: of(AD_PRICE_CODES.mainDay),
    cityDay: of(AD_PRICE_CODES.cityDay),
    per1000: of(AD_PRICE_CODES.per1000),
  };
}

export interface Schedule {
  placement: AdPlacement;
  citySlugs: readonly string[];
  pricing: AdPricing;
  impressions: number | null;
  startsOn: string;
  endsOn: string;
}

export interface Quote {
  /** Kopecks a day (per-day pricing), null for per-impression pricing. */
  costPerDay: number | null;
  /** Kopecks per 1000 impressions (per-impression pricing), else null. */
  per1000: number | null;
  days: number;
  /** Kopecks, whole rubles. */
  total: number;
}

const isMskSpb = (slug: string) => (MSK_SPB_CITY_SLUGS as readonly string[]).includes(slug);

/**
 * What a campaign costs. Per day: the main page's banner price; a city pin per city (Moscow and St
 * Petersburg at their rate); everywhere is the main banner plus a Moscow-rate city pin. Per
 * impression: the 1000-impression price, at the Moscow rate when the ad can reach Moscow or St
 * Petersburg (main page, everywhere, or one of its cities), for the impressions bought, rounded up
 * to whole rubles. Dollars are converted at `rubPerUsd`.
 */
export function quoteOf(prices: AdPrices, rubPerUsd: number, schedule: Schedule): Quote {
  const kopecks = (dollars: number) => Math.round(dollars * rubPerUsd * 100);
  const days = daysBetween(schedule.startsOn, schedule.endsOn);
  if (schedule.pricing === 'impressions') {
    const reachesMskSpb = schedule.placement !== 'cities' || schedule.citySlugs.some(isMskSpb);
    const per1000 = kopecks(reachesMskSpb ? prices.per1000.mskSpb : prices.per1000.other);
    const total = Math.ceil(((schedule.impressions ?? 0) * per1000) / 1000 / 100) * 100;
    return { costPerDay: null, per1000, days, total };
  }
  let perDay = 0;
  if (schedule.placement === 'main') perDay = kopecks(prices.mainDay.mskSpb);
  else if (schedule.placement === 'everywhere')
    perDay = kopecks(prices.mainDay.mskSpb + prices.cityDay.mskSpb);
  else {
    for (const slug of schedule.citySlugs) {
      perDay += kopecks(isMskSpb(slug) ? prices.cityDay.mskSpb : prices.cityDay.other);
    }
  }
  return { costPerDay: perDay, per1000: null, days, total: perDay * days };
}

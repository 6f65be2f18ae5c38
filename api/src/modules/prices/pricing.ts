import { MSK_SPB_CITY_SLUGS, type PriceList } from 'contracts';
import fp from 'fastify-plugin';
import type { Database } from '../../db/client';
import { createPriceRepository } from './repository';

/** Rubles per US dollar when RUB_PER_USD is not set. */
export const DEFAULT_RUB_PER_USD = 90;

export interface Pricing {
  /** Rubles per dollar: the price tables are in dollars, balances in rubles. */
  rubPerUsd: number;
  /**
   * What a priced item costs in a city, in kopecks, read from the price tables (the one source
   * of prices) in the caller's transaction, so a price an admin changes meanwhile applies to the
   * next purchase, never to one half done. Moscow and St Petersburg pay the first price.
   */
  kopecksOf(executor: Database, list: PriceList, code: string, citySlug: string | null): Promise<number>;
}

export function createPricing(rubPerUsd: number): Pricing {
  return {
    rubPerUsd,
    async kopecksOf(executor, list, code, citySlug) {
      const item = await createPriceRepository(executor).pricesOf(list, code);
      if (!item) throw new Error(`price ${list}/${code} is missing from the price tables`);
      const dollars = (MSK_SPB_CITY_SLUGS as readonly string[]).includes(citySlug ?? '')
        ? item.mskSpb
        : item.other;
      return Math.round(dollars * rubPerUsd * 100);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    pricing: Pricing;
  }
}

export const pricingPlugin = fp<{ rubPerUsd: number }>(
  async (fastify, options) => {
    fastify.decorate('pricing', createPricing(options.rubPerUsd));
  },
  { name: 'pricing' },
);

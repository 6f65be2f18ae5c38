import type { PriceList } from 'contracts';
import * as responseSchemas from 'contracts/responses';
import type { FastifyReply } from 'fastify';
import { defineRoutes } from '../../lib/route-schema';
import { createPriceRepository } from './repository';

/**
 * The same for everybody, but an administrator's change must show on the next request: caches
 * may keep a copy only if they revalidate it every time.
 */
const cacheable = (reply: FastifyReply) => reply.header('cache-control', 'public, no-cache');

const LIST_PATHS: Record<string, PriceList> = {
  'models-boosting': 'models_boosting',
  'additional-services': 'additional_services',
  'ads-boosting': 'ads_boosting',
};

export const priceRoutes = defineRoutes(async (fastify) => {
  const prices = createPriceRepository(fastify.db);

  for (const [path, list] of Object.entries(LIST_PATHS)) {
    fastify.get(
      `/tipping-prices/${path}`,
      {
        schema: {
          summary: `The ${list} price list: titles in ru and en, whole US dollars`,
          tags: ['prices'],
          response: { 200: responseSchemas.priceList },
        },
      },
      async (_request, reply) => {
        cacheable(reply);
        return { items: await prices.list(list) };
      },
    );
  }

  fastify.get(
    '/tipping-prices',
    {
      schema: {
        summary: 'The price page: profile services (models boosting, then additional services) and ads',
        tags: ['prices'],
        response: { 200: responseSchemas.pricePage },
      },
    },
    async (_request, reply) => {
      const [boosting, additional, ads] = await Promise.all([
        prices.list('models_boosting'),
        prices.list('additional_services'),
        prices.list('ads_boosting'),
      ]);
      cacheable(reply);
      return { posting_models: [...boosting, ...additional], ads };
    },
  );
});

import type { PriceList, PriceListResponse, PricePageResponse } from 'contracts';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { createPriceRepository } from './repository';

/** Prices change rarely and are the same for everybody. */
const cacheable = (reply: FastifyReply) => reply.header('cache-control', 'public, max-age=60');

const LIST_PATHS: Record<string, PriceList> = {
  'models-boosting': 'models_boosting',
  'additional-services': 'additional_services',
  'ads-boosting': 'ads_boosting',
};

export const priceRoutes: FastifyPluginAsync = async (fastify) => {
  const prices = createPriceRepository(fastify.db);

  for (const [path, list] of Object.entries(LIST_PATHS)) {
    fastify.get(
      `/tipping-prices/${path}`,
      {
        config: {
          docs: {
            summary: `The ${list} price list: titles in ru and en, whole US dollars`,
            tags: ['prices'],
            responses: {
              200: 'PriceListResponse: { items: [{ code, title: {ru,en}, mskSpbPrice, otherPrice }] }',
            },
          },
        },
      },
      async (_request, reply): Promise<PriceListResponse> => {
        cacheable(reply);
        return { items: await prices.list(list) };
      },
    );
  }

  fastify.get(
    '/tipping-prices',
    {
      config: {
        docs: {
          summary: 'The price page: profile services (models boosting, then additional services) and ads',
          tags: ['prices'],
          responses: { 200: 'PricePageResponse: { posting_models: PriceItem[], ads: PriceItem[] }' },
        },
      },
    },
    async (_request, reply): Promise<PricePageResponse> => {
      const [boosting, additional, ads] = await Promise.all([
        prices.list('models_boosting'),
        prices.list('additional_services'),
        prices.list('ads_boosting'),
      ]);
      cacheable(reply);
      return { posting_models: [...boosting, ...additional], ads };
    },
  );
};

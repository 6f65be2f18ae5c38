import { recommendationsBodySchema } from 'contracts';
import * as responseSchemas from 'contracts/responses';
import { ApiError } from '../../lib/api-error';
import { pickLocale } from '../../lib/i18n';
import { defineRoutes } from '../../lib/route-schema';
import { MODEL_NOT_FOUND } from '../../lib/shared-errors';
import { createRecommendationRepository } from './repository';

export const recommendationRoutes = defineRoutes(async (fastify) => {
  const recommendations = createRecommendationRepository(fastify.db);

  fastify.post(
    '/recommendations',
    {
      schema: {
        summary: 'Up to 8 profiles like this one: same city and category first',
        tags: ['catalog'],
        body: recommendationsBodySchema,
        response: { 200: responseSchemas.recommendations, ...MODEL_NOT_FOUND },
      },
    },
    async (request) => {
      const locale = pickLocale(request.headers['accept-language']);
      const items = await recommendations.similarTo(request.body.id, locale);
      if (!items) throw new ApiError(404, 'MODEL_NOT_FOUND');
      return { items };
    },
  );
});

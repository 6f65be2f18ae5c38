import { type RecommendationsResponse, recommendationsBodySchema } from 'contracts';
import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../../lib/api-error';
import { pickLocale } from '../../lib/i18n';
import { parse } from '../../lib/validation';
import { createRecommendationRepository } from './repository';

export const recommendationRoutes: FastifyPluginAsync = async (fastify) => {
  const recommendations = createRecommendationRepository(fastify.db);

  fastify.post(
    '/recommendations',
    {
      config: {
        docs: {
          summary: 'Up to 8 profiles like this one: same city and category first',
          tags: ['catalog'],
          body: recommendationsBodySchema,
          responses: {
            200: 'RecommendationsResponse: { items: ModelCard[] }',
            404: 'MODEL_NOT_FOUND: missing, blocked or not published',
          },
        },
      },
    },
    async (request): Promise<RecommendationsResponse> => {
      const { id } = parse(recommendationsBodySchema, request.body);
      const items = await recommendations.similarTo(id, pickLocale(request.headers['accept-language']));
      if (!items) throw new ApiError(404, 'MODEL_NOT_FOUND');
      return { items };
    },
  );
};

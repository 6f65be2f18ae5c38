import { idParamsSchema, recommendationsBodySchema } from 'contracts';
import * as responseSchemas from 'contracts/responses';
import { ApiError } from '../../lib/api-error';
import { pickLocale } from '../../lib/i18n';
import { defineRoutes } from '../../lib/route-schema';
import { MODEL_NOT_FOUND } from '../../lib/shared-errors';
import { createSeoRepository } from '../seo/repository';
import { createRecommendationRepository } from './repository';

export const recommendationRoutes = defineRoutes(async (fastify) => {
  const recommendations = createRecommendationRepository(fastify.db);
  const publication = createSeoRepository(fastify.db);

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

  fastify.get(
    '/model/:id/alternatives',
    {
      schema: {
        summary:
          'What the page of a profile that is not shown offers instead: where a once-published profile was listed and a few profiles from there, else the first of the listing',
        tags: ['catalog'],
        params: idParamsSchema,
        response: { 200: responseSchemas.modelAlternatives },
      },
    },
    async (request) => {
      const { id } = request.params;
      // Only a profile visitors could once see gives its place away: a draft or a profile never
      // approved answers exactly like an id that never existed (as GET /model/:id does).
      const place = (await publication.wasPublished(id)) ? await recommendations.placeOf(id) : null;
      return recommendations.alternativesTo(id, place, pickLocale(request.headers['accept-language']));
    },
  );
});

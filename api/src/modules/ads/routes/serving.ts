import { adClickParamsSchema, adsQuerySchema, impressionBodySchema } from 'contracts';
import * as responseSchemas from 'contracts/responses';
import * as v from 'valibot';
import { ApiError } from '../../../lib/api-error';
import { defineRoutes, errorResponses, nonJson } from '../../../lib/route-schema';

/**
 * The ads visitors see (public): /api/ads for a page, /api/ads/impressions when one has been half
 * visible for a second, /api/ads/click/{token} as the ad's link. Answers are per visitor (the
 * tokens name the visitor), so none is cached by a browser or proxy.
 */
export const adRoutes = defineRoutes(async (fastify) => {
  const serving = fastify.adServing;
  const tags = ['ads'];
  fastify.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  fastify.get(
    '/ads',
    {
      schema: {
        summary:
          "The ads of the main page or of a city's listing (at most 3), rotated between booked campaigns",
        tags,
        querystring: adsQuerySchema,
        response: { 200: responseSchemas.servedAds, ...errorResponses({ 400: 'VALIDATION_FAILED' }) },
      },
    },
    async (request) => ({ ads: await serving.serve(request, request.query) }),
  );

  fastify.post(
    '/ads/impressions',
    {
      schema: {
        summary:
          'An ad was at least half visible for a second. 204 for any well-formed token, counted or not: once per ' +
          'visitor per ad per hour, with the visitor cookie, not for known bots, and never past the count bought',
        tags,
        body: impressionBodySchema,
        response: {
          204: v.pipe(v.null(), v.description('Received')),
          ...errorResponses({ 400: 'VALIDATION_FAILED: no token' }),
        },
      },
    },
    async (request, reply) => {
      await serving.countImpression(request, request.body.token);
      return reply.code(204).send(null);
    },
  );

  fastify.get(
    '/ads/click/:token',
    {
      schema: {
        summary: "Go to the ad's link (302), counting the click once per visitor per ad per hour",
        tags,
        params: adClickParamsSchema,
        response: {
          302: nonJson('To the advertiser’s link'),
          ...errorResponses({ 400: 'VALIDATION_FAILED', 404: 'NOT_FOUND: a bad token' }),
        },
      },
    },
    async (request, reply) => {
      const link = await serving.click(request, request.params.token);
      if (!link) throw new ApiError(404, 'NOT_FOUND');
      return reply.redirect(link, 302);
    },
  );
});

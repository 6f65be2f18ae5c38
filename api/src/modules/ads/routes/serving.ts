import { adClickParamsSchema, adsQuerySchema, impressionBodySchema } from 'contracts/campaigns';
import * as responseSchemas from 'contracts/responses';
import * as v from 'valibot';
import { ApiError } from '../../../lib/api-error';
import { defineRoutes, errorResponses, nonJson } from '../../../lib/route-schema';
import { type AuthRateLimits, routeLimit } from '../../auth/rate-limits';

export interface AdRoutesOptions {
  rateLimits: Pick<AuthRateLimits, 'adsPerIp' | 'adImpressionReportsPerIp'>;
}

/**
 * The ads visitors see (public): /api/ads for a page, /api/ads/impressions when one has been half
 * visible for a second, /api/ads/click/{token} as the ad's link. Answers are per visitor (the
 * tokens name the visitor and its network), so none is cached by a browser or proxy. Pages of
 * tokens and impression reports are limited per client network; what counts is limited per
 * network and campaign in the serving (past that, reports are refused and recorded as such).
 */
export const adRoutes = defineRoutes<AdRoutesOptions>(async (fastify, { rateLimits }) => {
  const serving = fastify.adServing;
  const tags = ['ads'];
  fastify.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  fastify.get(
    '/ads',
    {
      config: { rateLimit: routeLimit(rateLimits.adsPerIp) },
      schema: {
        summary:
          "The ads of the main page or of a city's listing (at most 3), rotated between booked campaigns",
        tags,
        querystring: adsQuerySchema,
        response: {
          200: responseSchemas.servedAds,
          ...errorResponses({
            400: 'VALIDATION_FAILED',
            429: 'RATE_LIMITED: too many pages of ads from this network',
          }),
        },
      },
    },
    async (request) => ({ ads: await serving.serve(request, request.query) }),
  );

  fastify.post(
    '/ads/impressions',
    {
      config: { rateLimit: routeLimit(rateLimits.adImpressionReportsPerIp) },
      schema: {
        summary:
          'An ad was at least half visible for a second. 204 for any well-formed token, counted or not: once per ' +
          'visitor per ad per hour, for the visitor and network the token was issued to, a second or more after ' +
          'and within 15 minutes of it, not for known bots, within a share per network, and never past the ' +
          'count bought; refused reports are recorded in the campaign’s figures',
        tags,
        body: impressionBodySchema,
        response: {
          204: v.pipe(v.null(), v.description('Received')),
          ...errorResponses({
            400: 'VALIDATION_FAILED: no token',
            429: 'RATE_LIMITED: too many reports from this network',
          }),
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

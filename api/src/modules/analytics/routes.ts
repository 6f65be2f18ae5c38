import { analyticsBodySchema, profileViewBodySchema } from 'contracts';
import * as responseSchemas from 'contracts/responses';
import { ApiError } from '../../lib/api-error';
import { defineRoutes, errorResponses } from '../../lib/route-schema';
import { analyticsDay, visitorKey } from '../../lib/visitor';
import { type AuthRateLimits, routeLimit } from '../auth/rate-limits';
import { MODEL_NOT_FOUND } from '../../lib/shared-errors';
import { createAnalyticsRepository } from './repository';

const RATE_LIMITED = errorResponses({ 429: 'RATE_LIMITED: too many reports from this address' });

export interface AnalyticsRoutesOptions {
  rateLimits: Pick<AuthRateLimits, 'analyticsVisitPerIp' | 'analyticsViewPerIp'>;
}

/**
 * Public tracking calls: guests count too. Each writes at most one small row and a repeat the
 * same day writes nothing; each is still limited per address, since every call with a fresh
 * browser (no cookies) is a new visitor and a new row.
 */
export const analyticsRoutes = defineRoutes<AnalyticsRoutesOptions>(async (fastify, { rateLimits }) => {
  const analytics = createAnalyticsRepository(fastify.db);

  fastify.patch(
    '/admin-panel/analytics',
    {
      config: { rateLimit: routeLimit(rateLimits.analyticsVisitPerIp) },
      // No body counts as no fields. valibot's object() would take an array for an object, but a
      // list is not a set of tracking fields.
      preValidation: async (request: { body: unknown }) => {
        if (request.body === undefined) request.body = {};
        else if (Array.isArray(request.body)) request.body = null;
      },
      schema: {
        summary: 'Count a site visit: once per visitor (account, else browser) per day',
        tags: ['analytics'],
        body: analyticsBodySchema,
        response: { 200: responseSchemas.ok, ...RATE_LIMITED },
      },
    },
    async (request, reply) => {
      await analytics.recordVisit(analyticsDay(), visitorKey(request));
      reply.header('cache-control', 'no-store');
      return { ok: true as const };
    },
  );

  fastify.post(
    '/admin-panel/analytics/update-models-visit-count',
    {
      config: { rateLimit: routeLimit(rateLimits.analyticsViewPerIp) },
      schema: {
        summary: "Count a view of a profile's page: once per visitor per profile per day",
        tags: ['analytics'],
        body: profileViewBodySchema,
        response: { 200: responseSchemas.ok, ...MODEL_NOT_FOUND, ...RATE_LIMITED },
      },
    },
    async (request, reply) => {
      const outcome = await analytics.recordProfileView(
        request.body.modelId,
        analyticsDay(),
        visitorKey(request),
      );
      if (outcome === 'hidden') throw new ApiError(404, 'MODEL_NOT_FOUND');
      reply.header('cache-control', 'no-store');
      return { ok: true as const };
    },
  );
});

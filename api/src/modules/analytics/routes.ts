import { type AnalyticsRecordedResponse, analyticsBodySchema, profileViewBodySchema } from 'contracts';
import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../../lib/api-error';
import { parse } from '../../lib/validation';
import { analyticsDay, visitorKey } from '../../lib/visitor';
import { createAnalyticsRepository } from './repository';

/**
 * Public tracking calls: guests count too. Each writes at most one small row and a repeat the
 * same day writes nothing, so they stay cheap however often a client calls them.
 */
export const analyticsRoutes: FastifyPluginAsync = async (fastify) => {
  const analytics = createAnalyticsRepository(fastify.db);

  fastify.patch(
    '/admin-panel/analytics',
    {
      config: {
        docs: {
          summary: 'Count a site visit: once per visitor (account, else browser) per day',
          tags: ['analytics'],
          body: analyticsBodySchema,
          responses: { 200: 'AnalyticsRecordedResponse: { ok: true }' },
        },
      },
    },
    async (request, reply): Promise<AnalyticsRecordedResponse> => {
      // No body counts as no fields. valibot's object() would take an array for an object, but a
      // list is not a set of tracking fields.
      const body = request.body === undefined ? {} : request.body;
      parse(analyticsBodySchema, Array.isArray(body) ? null : body);
      await analytics.recordVisit(analyticsDay(), visitorKey(request));
      reply.header('cache-control', 'no-store');
      return { ok: true };
    },
  );

  fastify.post(
    '/admin-panel/analytics/update-models-visit-count',
    {
      config: {
        docs: {
          summary: "Count a view of a profile's page: once per visitor per profile per day",
          tags: ['analytics'],
          body: profileViewBodySchema,
          responses: {
            200: 'AnalyticsRecordedResponse: { ok: true }',
            404: 'MODEL_NOT_FOUND: missing, blocked or not published',
          },
        },
      },
    },
    async (request, reply): Promise<AnalyticsRecordedResponse> => {
      const { modelId } = parse(profileViewBodySchema, request.body);
      const outcome = await analytics.recordProfileView(modelId, analyticsDay(), visitorKey(request));
      if (outcome === 'hidden') throw new ApiError(404, 'MODEL_NOT_FOUND');
      reply.header('cache-control', 'no-store');
      return { ok: true };
    },
  );
};

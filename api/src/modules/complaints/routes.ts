import type { RateLimitOptions } from '@fastify/rate-limit';
import { complaintBodySchema, idParamsSchema } from 'contracts';
import * as responseSchemas from 'contracts/responses';
import { ApiError } from '../../lib/api-error';
import { errorResponses, defineRoutes } from '../../lib/route-schema';
import { analyticsDay, visitorKey } from '../../lib/visitor';
import { MODEL_NOT_FOUND } from '../model/routes';
import { createComplaintRepository } from './repository';

/**
 * One address may complain about many profiles, but not flood the moderators: a new visitor
 * cookie a minute gets past the per-visitor rule, not past this.
 */
export const COMPLAINT_RATE_LIMIT = { max: 20, timeWindow: 60 * 60 * 1000 } satisfies RateLimitOptions;

export const complaintRoutes = defineRoutes(async (fastify) => {
  const complaints = createComplaintRepository(fastify.db);

  fastify.post(
    '/model/:id/complaints',
    {
      config: { rateLimit: COMPLAINT_RATE_LIMIT },
      schema: {
        summary: 'Report a profile to moderation: once per visitor per profile per day',
        tags: ['catalog'],
        params: idParamsSchema,
        body: complaintBodySchema,
        response: {
          201: responseSchemas.ok,
          ...MODEL_NOT_FOUND,
          ...errorResponses({
            409: 'COMPLAINT_ALREADY_SENT: this visitor already reported this profile today',
            429: 'RATE_LIMITED: 20 complaints an hour per address',
          }),
        },
      },
    },
    async (request, reply) => {
      const { reason, text } = request.body;
      const outcome = await complaints.create({
        profileId: request.params.id,
        reason,
        text,
        visitorKey: visitorKey(request),
        day: analyticsDay(),
      });
      if (outcome === 'hidden') throw new ApiError(404, 'MODEL_NOT_FOUND');
      if (outcome === 'duplicate') throw new ApiError(409, 'COMPLAINT_ALREADY_SENT');
      reply.code(201);
      return { ok: true as const };
    },
  );
});

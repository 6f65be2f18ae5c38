import type { RateLimitOptions } from '@fastify/rate-limit';
import { type ComplaintCreatedResponse, complaintBodySchema, idParamsSchema } from 'contracts';
import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../../lib/api-error';
import { parse } from '../../lib/validation';
import { analyticsDay, visitorKey } from '../../lib/visitor';
import { createComplaintRepository } from './repository';

/**
 * One address may complain about many profiles, but not flood the moderators: a new visitor
 * cookie a minute gets past the per-visitor rule, not past this.
 */
export const COMPLAINT_RATE_LIMIT = { max: 20, timeWindow: 60 * 60 * 1000 } satisfies RateLimitOptions;

export const complaintRoutes: FastifyPluginAsync = async (fastify) => {
  const complaints = createComplaintRepository(fastify.db);

  fastify.post(
    '/model/:id/complaints',
    {
      config: {
        rateLimit: COMPLAINT_RATE_LIMIT,
        docs: {
          summary: 'Report a profile to moderation: once per visitor per profile per day',
          tags: ['catalog'],
          params: idParamsSchema,
          body: complaintBodySchema,
          responses: {
            201: 'ComplaintCreatedResponse: { ok: true }',
            404: 'MODEL_NOT_FOUND: missing, blocked or not published',
            409: 'COMPLAINT_ALREADY_SENT: this visitor already reported this profile today',
            429: 'RATE_LIMITED: 20 complaints an hour per address',
          },
        },
      },
    },
    async (request, reply): Promise<ComplaintCreatedResponse> => {
      const { id } = parse(idParamsSchema, request.params);
      const { reason, text } = parse(complaintBodySchema, request.body);
      const outcome = await complaints.create({
        profileId: id,
        reason,
        text,
        visitorKey: visitorKey(request),
        day: analyticsDay(),
      });
      if (outcome === 'hidden') throw new ApiError(404, 'MODEL_NOT_FOUND');
      if (outcome === 'duplicate') throw new ApiError(409, 'COMPLAINT_ALREADY_SENT');
      reply.code(201);
      return { ok: true };
    },
  );
};

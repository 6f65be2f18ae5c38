import type { RateLimitOptions } from '@fastify/rate-limit';
import { complaintBodySchema, idParamsSchema } from 'contracts';
import * as responseSchemas from 'contracts/responses';
import { ApiError } from '../../lib/api-error';
import { hmac } from '../../lib/tokens';
import { errorResponses, defineRoutes } from '../../lib/route-schema';
import { analyticsDay, visitorKey } from '../../lib/visitor';
import { MODEL_NOT_FOUND } from '../../lib/shared-errors';
import { clientAddress } from '../auth/rate-limits';
import { DEFAULT_COMPLAINT_HOLD_THRESHOLD } from './hold';
import { createComplaintRepository } from './repository';

/**
 * One address may complain about many profiles, but not flood the moderators: a new visitor
 * cookie a minute gets past the per-visitor rule, not past this.
 */
export const COMPLAINT_RATE_LIMIT = { max: 20, timeWindow: 60 * 60 * 1000 } satisfies RateLimitOptions;

export interface ComplaintRoutesOptions {
  /** Registered visitors (or four times as many guests' networks) in a day hide a profile until it is reviewed. */
  holdThreshold?: number;
  /** Keys the client network a complaint came from, so the table holds no address. */
  secret: string;
}

export const complaintRoutes = defineRoutes<ComplaintRoutesOptions>(async (fastify, options) => {
  const complaints = createComplaintRepository(
    fastify.db,
    options.holdThreshold ?? DEFAULT_COMPLAINT_HOLD_THRESHOLD,
  );

  fastify.post(
    '/model/:id/complaints',
    {
      config: { rateLimit: COMPLAINT_RATE_LIMIT },
      schema: {
        summary:
          'Report a profile to moderation: once per visitor per profile per day. Complaints from five ' +
          'signed-in visitors on different networks in a day (or guests from twenty networks, a guest ' +
          'weighing a quarter) hide the profile until a moderator reviews them',
        tags: ['catalog'],
        params: idParamsSchema,
        body: complaintBodySchema,
        response: {
          201: responseSchemas.ok,
          ...MODEL_NOT_FOUND,
          ...errorResponses({
            409: 'COMPLAINT_ALREADY_SENT: this visitor already reported this profile today',
            429: 'RATE_LIMITED: 20 complaints an hour per client network (an IPv4 address or an IPv6 /64)',
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
        networkKey: hmac(options.secret, `complaint-network|${clientAddress(request)}`),
        accountId: request.auth?.accountId ?? null,
        day: analyticsDay(),
      });
      if (outcome === 'hidden') throw new ApiError(404, 'MODEL_NOT_FOUND');
      if (outcome === 'duplicate') throw new ApiError(409, 'COMPLAINT_ALREADY_SENT');
      // Held: the profile left the listing and its page.
      if (outcome === 'held') fastify.listingCache.clear();
      reply.code(201);
      return { ok: true as const };
    },
  );
});

import { adminPageQuerySchema, idParamsSchema } from 'contracts';
import * as responseSchemas from 'contracts/responses';
import { defineRoutes, errorResponses } from '../../../lib/route-schema';
import { ADMIN_ERRORS, adminOf, adminRoute, PROFILE_NOT_FOUND } from '../common';
import { createComplaintReview } from '../complaints';
import { adminProfileById } from '../repository/profiles';

/**
 * Complaints waiting for a moderator: /api/admin-panel/complaints/*. A profile is blocked from
 * here with POST /api/admin-panel/profiles/{id}/block, which resolves its open complaints.
 */
export const complaintReviewRoutes = defineRoutes(async (fastify) => {
  const review = createComplaintReview(fastify);
  const { preValidation, tags } = adminRoute(fastify);

  fastify.get(
    '/complaints',
    {
      preValidation,
      schema: {
        summary:
          'Profiles with open complaints: counts per reason, distinct visitors and the latest date; ' +
          'held profiles first, then the most complained about',
        tags,
        querystring: adminPageQuerySchema,
        response: { 200: responseSchemas.complaintQueue, ...ADMIN_ERRORS },
      },
    },
    async (request) => review.queue(request.query),
  );

  fastify.get(
    '/complaints/profiles/:id',
    {
      preValidation,
      schema: {
        summary: 'The complaints about one profile, newest first, open or not',
        tags,
        params: idParamsSchema,
        querystring: adminPageQuerySchema,
        response: { 200: responseSchemas.profileComplaints, ...ADMIN_ERRORS, ...PROFILE_NOT_FOUND },
      },
    },
    async (request) => review.ofProfile(request.params.id, request.query),
  );

  fastify.post(
    '/complaints/profiles/:id/dismiss',
    {
      preValidation,
      schema: {
        summary:
          'Dismiss the open complaints about a profile; a hold they caused ends and it is listed again',
        tags,
        params: idParamsSchema,
        response: {
          200: responseSchemas.adminProfile,
          ...ADMIN_ERRORS,
          ...PROFILE_NOT_FOUND,
          ...errorResponses({ 409: 'CONFLICT: no open complaint and no hold' }),
        },
      },
    },
    async (request) => {
      await review.dismiss(adminOf(request), request.params.id);
      return adminProfileById(fastify.db, request.params.id);
    },
  );
});

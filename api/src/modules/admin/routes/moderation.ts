import { adminPageQuerySchema, idParamsSchema, MODERATION_CLAIM_MINUTES, reasonBodySchema } from 'contracts';
import * as responseSchemas from 'contracts/responses';
import { defineRoutes, errorResponses } from '../../../lib/route-schema';
import { discardFiles } from '../../own-profiles/files';
import { createModeration } from '../../own-profiles/moderation';
import {
  ADMIN_ERRORS,
  adminOf,
  adminRoute,
  CLAIMED_BY_OTHER,
  NO_CONTENT,
  PROFILE_NOT_FOUND,
} from '../common';
import { createModerationCounts, createModerationQueue } from '../moderation-queue';
import { adminProfileById } from '../repository/profiles';

const NOT_WAITING = errorResponses({
  409:
    'TRANSITION_NOT_ALLOWED: it does not wait for moderation | PROFILE_INCOMPLETE: its city left the catalogue | ' +
    CLAIMED_BY_OTHER,
});

/** The moderation queue: /api/admin-panel/moderation/profiles/*. */
export const moderationRoutes = defineRoutes(async (fastify) => {
  const queue = createModerationQueue(fastify.db);
  const moderation = createModeration(fastify);
  const { preValidation, tags } = adminRoute(fastify);
  const counts = createModerationCounts(fastify.db);

  fastify.get(
    '/counts',
    {
      preValidation,
      schema: {
        summary:
          "What waits, for the menu's badges: profiles and campaigns waiting for moderation, profiles with open complaints",
        tags,
        response: { 200: responseSchemas.adminCounts, ...ADMIN_ERRORS },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return counts();
    },
  );

  fastify.get(
    '/moderation/profiles',
    {
      preValidation,
      schema: {
        summary:
          'Profiles waiting for moderation, oldest submission first: new ones and the changes of approved ones, ' +
          'with the fields and files each change touches',
        tags,
        querystring: adminPageQuerySchema,
        response: { 200: responseSchemas.moderationQueue, ...ADMIN_ERRORS },
      },
    },
    async (request) => queue.list(request.query, adminOf(request)),
  );

  fastify.get(
    '/moderation/profiles/:id',
    {
      preValidation,
      schema: {
        summary: 'A profile as submitted beside its approved version, with the files of each (public or not)',
        tags,
        params: idParamsSchema,
        response: { 200: responseSchemas.moderationDetails, ...ADMIN_ERRORS, ...PROFILE_NOT_FOUND },
      },
    },
    async (request) => queue.details(request.params.id, adminOf(request)),
  );

  fastify.post(
    '/moderation/profiles/:id/claim',
    {
      preValidation,
      schema: {
        summary: `Claim a waiting profile for ${MODERATION_CLAIM_MINUTES} minutes (or renew my claim): no other moderator can claim, approve or reject it meanwhile`,
        tags,
        params: idParamsSchema,
        response: {
          200: responseSchemas.moderationClaimed,
          ...ADMIN_ERRORS,
          ...PROFILE_NOT_FOUND,
          ...errorResponses({
            409: `TRANSITION_NOT_ALLOWED: it does not wait for moderation | ${CLAIMED_BY_OTHER}`,
          }),
        },
      },
    },
    async (request) => queue.claim(request.params.id, adminOf(request)),
  );

  fastify.delete(
    '/moderation/profiles/:id/claim',
    {
      preValidation,
      schema: {
        summary: 'Release my claim on a profile (204 also when I hold none)',
        tags,
        params: idParamsSchema,
        response: { ...NO_CONTENT, ...ADMIN_ERRORS, ...PROFILE_NOT_FOUND },
      },
    },
    async (request, reply) => {
      await queue.release(request.params.id, adminOf(request));
      return reply.code(204).send(null);
    },
  );

  fastify.post(
    '/moderation/profiles/:id/approve',
    {
      preValidation,
      schema: {
        summary:
          'Approve the submitted version: visitors see it (a new profile is listed for the months paid) and the owner is told',
        tags,
        params: idParamsSchema,
        response: {
          200: responseSchemas.adminProfile,
          ...ADMIN_ERRORS,
          ...PROFILE_NOT_FOUND,
          ...NOT_WAITING,
        },
      },
    },
    async (request) => {
      const { storageKeys } = await moderation.approve(adminOf(request), request.params.id);
      await discardFiles(fastify, storageKeys);
      return adminProfileById(fastify.db, request.params.id);
    },
  );

  fastify.post(
    '/moderation/profiles/:id/reject',
    {
      preValidation,
      schema: {
        summary:
          'Refuse the submitted version with a reason the owner reads; an approved profile stays listed as approved',
        tags,
        params: idParamsSchema,
        body: reasonBodySchema,
        response: {
          200: responseSchemas.adminProfile,
          ...ADMIN_ERRORS,
          ...PROFILE_NOT_FOUND,
          ...NOT_WAITING,
        },
      },
    },
    async (request) => {
      await moderation.reject(adminOf(request), request.params.id, request.body.reason);
      return adminProfileById(fastify.db, request.params.id);
    },
  );
});

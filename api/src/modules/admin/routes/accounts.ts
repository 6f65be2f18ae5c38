import { adminAccountSearchQuerySchema, idParamsSchema, reasonBodySchema } from 'contracts';
import * as responseSchemas from 'contracts/responses';
import { defineRoutes, errorResponses } from '../../../lib/route-schema';
import { createAccountDirectory } from '../repository/accounts';
import { createBlocking } from '../blocking';
import { ACCOUNT_NOT_FOUND, ADMIN_ERRORS, adminOf, adminRoute, PROFILE_NOT_FOUND } from '../common';
import { adminProfileById } from '../repository/profiles';

/** Accounts and blocks: /api/admin-panel/accounts/* and /api/admin-panel/profiles/{id}/(un)block. */
export const accountRoutes = defineRoutes(async (fastify) => {
  const directory = createAccountDirectory(fastify.db);
  const blocking = createBlocking(fastify);
  const { preValidation, tags } = adminRoute(fastify);

  fastify.get(
    '/accounts',
    {
      preValidation,
      schema: {
        summary:
          'Find accounts by part of the e-mail or login, or by the id of one of their profiles; newest first',
        tags,
        querystring: adminAccountSearchQuerySchema,
        response: { 200: responseSchemas.adminAccountList, ...ADMIN_ERRORS },
      },
    },
    async (request) => directory.search(request.query),
  );

  fastify.get(
    '/accounts/:id',
    {
      preValidation,
      schema: {
        summary: 'An account with its block state, profiles (with status), balance and latest ledger entries',
        tags,
        params: idParamsSchema,
        response: { 200: responseSchemas.adminAccountDetails, ...ADMIN_ERRORS, ...ACCOUNT_NOT_FOUND },
      },
    },
    async (request) => directory.details(request.params.id),
  );

  fastify.post(
    '/accounts/:id/block',
    {
      preValidation,
      schema: {
        summary:
          "Block a model's account with a comment she reads: every profile of it is hidden (status cancel for her), " +
          'her broadcast ends; she still signs in',
        tags,
        params: idParamsSchema,
        body: reasonBodySchema,
        response: {
          200: responseSchemas.adminAccountDetails,
          ...ADMIN_ERRORS,
          ...ACCOUNT_NOT_FOUND,
          ...errorResponses({
            409: 'CONFLICT: already blocked | NOT_BLOCKABLE: an administrator or an advertiser',
          }),
        },
      },
    },
    async (request) => {
      await blocking.blockAccount(adminOf(request), request.params.id, request.body.reason);
      return directory.details(request.params.id);
    },
  );

  fastify.post(
    '/accounts/:id/unblock',
    {
      preValidation,
      schema: {
        summary:
          'Unblock an account and the profiles blocked with it (profiles blocked on their own stay blocked)',
        tags,
        params: idParamsSchema,
        response: {
          200: responseSchemas.adminAccountDetails,
          ...ADMIN_ERRORS,
          ...ACCOUNT_NOT_FOUND,
          ...errorResponses({ 409: 'CONFLICT: not blocked' }),
        },
      },
    },
    async (request) => {
      await blocking.unblockAccount(adminOf(request), request.params.id);
      return directory.details(request.params.id);
    },
  );

  fastify.post(
    '/profiles/:id/block',
    {
      preValidation,
      schema: {
        summary:
          'Block one profile with a reason its owner reads: hidden from visitors, its open complaints resolved, ' +
          'its broadcast ended',
        tags,
        params: idParamsSchema,
        body: reasonBodySchema,
        response: {
          200: responseSchemas.adminProfile,
          ...ADMIN_ERRORS,
          ...PROFILE_NOT_FOUND,
          ...errorResponses({ 409: 'CONFLICT: already blocked on its own' }),
        },
      },
    },
    async (request) => {
      await blocking.blockProfile(adminOf(request), request.params.id, request.body.reason);
      return adminProfileById(fastify.db, request.params.id);
    },
  );

  fastify.post(
    '/profiles/:id/unblock',
    {
      preValidation,
      schema: {
        summary: 'Lift the block of one profile; its status before the block comes back',
        tags,
        params: idParamsSchema,
        response: {
          200: responseSchemas.adminProfile,
          ...ADMIN_ERRORS,
          ...PROFILE_NOT_FOUND,
          ...errorResponses({
            409: 'CONFLICT: not blocked | BLOCKED_WITH_ACCOUNT: unblock the account instead',
          }),
        },
      },
    },
    async (request) => {
      await blocking.unblockProfile(adminOf(request), request.params.id);
      return adminProfileById(fastify.db, request.params.id);
    },
  );
});

import {
  createProfileBodySchema,
  idParamsSchema,
  profileDraftSchema,
  profileViewsQuerySchema,
} from 'contracts';
import * as responseSchemas from 'contracts/responses';
import { defineRoutes, errorResponses } from '../../lib/route-schema';
import { discardFiles } from './files';
import { createPromotions, PROMOTIONS, type TopPlacementSettings } from './promotions';
import { createProfileService } from './service';

const OWNER_ERRORS = errorResponses({
  401: 'UNAUTHORIZED: no session',
  403: 'FORBIDDEN: not a model account',
  404: 'MODEL_NOT_FOUND: no such profile of this account',
  409: 'TRANSITION_NOT_ALLOWED: the status does not allow it (see the transition table in contracts)',
});

const PAID_ERRORS = errorResponses({
  402: 'INSUFFICIENT_BALANCE: the balance does not cover the month; the client offers a top-up',
});

/**
 * A model's own profiles (account type girl): /api/profiles/*. Another account's profile answers
 * 404 exactly like a missing one. Files: /api/profiles/{id}/media (media module); moderation:
 * /api/admin-panel/* (admin module).
 */
export interface OwnProfileRoutesOptions {
  topPlacement?: TopPlacementSettings | undefined;
}

export const ownProfileRoutes = defineRoutes<OwnProfileRoutesOptions>(async (fastify, options) => {
  const profiles = createProfileService(fastify);
  const promotions = createPromotions(fastify, options.topPlacement);
  const owner = { preValidation: fastify.requireAuth('girl'), tags: ['profiles'] };
  const accountOf = (request: { auth: { accountId: number } | null }) => {
    if (!request.auth) throw new Error('requireAuth let a guest through');
    return request.auth.accountId;
  };

  fastify.get(
    '/profiles',
    {
      preValidation: owner.preValidation,
      schema: {
        summary: "The caller's profiles, newest first, each with its working version and allowed actions",
        tags: owner.tags,
        response: { 200: responseSchemas.ownProfileList, ...OWNER_ERRORS },
      },
    },
    async (request) => ({ items: await profiles.list(accountOf(request)) }),
  );

  fastify.post(
    '/profiles',
    {
      preValidation: owner.preValidation,
      schema: {
        summary:
          'Create a profile (draft): name and category at least; any other field of the form may come too',
        tags: owner.tags,
        body: createProfileBodySchema,
        response: { 201: responseSchemas.ownProfile, ...OWNER_ERRORS },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return profiles.create(accountOf(request), request.body);
    },
  );

  fastify.get(
    '/profiles/:id',
    {
      preValidation: owner.preValidation,
      schema: {
        summary: 'One own profile as its owner edits it',
        tags: owner.tags,
        params: idParamsSchema,
        response: { 200: responseSchemas.ownProfile, ...OWNER_ERRORS },
      },
    },
    async (request) => profiles.get(accountOf(request), request.params.id),
  );

  fastify.put(
    '/profiles/:id',
    {
      preValidation: owner.preValidation,
      schema: {
        summary:
          'Save the working version (the editor sends every field it has; blank ones are not filled in yet). ' +
          'An approved profile stays listed as approved until the changes are',
        tags: owner.tags,
        params: idParamsSchema,
        body: profileDraftSchema,
        response: { 200: responseSchemas.ownProfile, ...OWNER_ERRORS },
      },
    },
    async (request) => profiles.save(accountOf(request), request.params.id, request.body),
  );

  fastify.post(
    '/profiles/:id/submit',
    {
      preValidation: owner.preValidation,
      schema: {
        summary:
          'Send for moderation, or resend after a rejection. A profile never listed pays its first month now ' +
          '(it starts on approval); UPDATE_REQUIRED when nothing changed since it was last sent or approved',
        tags: owner.tags,
        params: idParamsSchema,
        response: {
          200: responseSchemas.ownProfileWithBalance,
          ...OWNER_ERRORS,
          ...PAID_ERRORS,
          ...errorResponses({
            409: 'TRANSITION_NOT_ALLOWED | PROFILE_INCOMPLETE (fields say what) | UPDATE_REQUIRED',
          }),
        },
      },
    },
    async (request) => profiles.submit(accountOf(request), request.params.id),
  );

  fastify.post(
    '/profiles/:id/extend',
    {
      preValidation: owner.preValidation,
      schema: {
        summary: 'Pay for one more month of publication; an expired profile is listed again',
        tags: owner.tags,
        params: idParamsSchema,
        response: { 200: responseSchemas.ownProfileWithBalance, ...OWNER_ERRORS, ...PAID_ERRORS },
      },
    },
    async (request) => profiles.extend(accountOf(request), request.params.id),
  );

  for (const action of ['deactivate', 'activate'] as const) {
    fastify.post(
      `/profiles/:id/${action}`,
      {
        preValidation: owner.preValidation,
        schema: {
          summary:
            action === 'deactivate'
              ? 'Hide a listed profile from the catalogue (its paid time keeps running)'
              : 'List a hidden profile again within its paid time',
          tags: owner.tags,
          params: idParamsSchema,
          response: { 200: responseSchemas.ownProfile, ...OWNER_ERRORS },
        },
      },
      async (request) => profiles.setActive(accountOf(request), request.params.id, action),
    );
  }

  const promotionSummaries = {
    top: 'Top placement in the city for the set days (a fixed number of slots per city; SLOTS_FULL gives the nearest free date)',
    bump: "Raise the profile to the top of its city's list now",
    video: 'Show the approved video for a month',
  } as const;
  for (const promotion of PROMOTIONS) {
    fastify.post(
      `/profiles/:id/${promotion}`,
      {
        preValidation: owner.preValidation,
        schema: {
          summary: `${promotionSummaries[promotion]}; listed profiles only, paid from the balance`,
          tags: owner.tags,
          params: idParamsSchema,
          response: {
            200: responseSchemas.ownProfileWithBalance,
            ...OWNER_ERRORS,
            ...PAID_ERRORS,
            ...errorResponses({
              409: 'PROFILE_NOT_ACTIVE | SLOTS_FULL (params.date: the nearest free day) | VIDEO_REQUIRED',
            }),
          },
        },
      },
      async (request) => promotions.buy(accountOf(request), request.params.id, promotion),
    );
  }

  fastify.get(
    '/profiles/:id/promotions',
    {
      preValidation: owner.preValidation,
      schema: {
        summary:
          "Prices of top, bump and video for an own profile, what is running, and the city top's free slots " +
          '(or the nearest free date when full)',
        tags: owner.tags,
        params: idParamsSchema,
        response: { 200: responseSchemas.profilePromotions, ...OWNER_ERRORS },
      },
    },
    async (request) => promotions.info(accountOf(request), request.params.id),
  );

  fastify.get(
    '/profiles/:id/views',
    {
      preValidation: owner.preValidation,
      schema: {
        summary: 'Views of an own profile per day (distinct visitors), for the analytics chart',
        tags: owner.tags,
        params: idParamsSchema,
        querystring: profileViewsQuerySchema,
        response: { 200: responseSchemas.profileViews, ...OWNER_ERRORS },
      },
    },
    async (request) => profiles.views(accountOf(request), request.params.id, request.query.days),
  );

  fastify.get(
    '/profiles/:id/complaints',
    {
      preValidation: owner.preValidation,
      schema: {
        summary: 'What visitors reported about an own profile, per reason (never who)',
        tags: owner.tags,
        params: idParamsSchema,
        response: { 200: responseSchemas.ownComplaints, ...OWNER_ERRORS },
      },
    },
    async (request) => profiles.complaints(accountOf(request), request.params.id),
  );

  fastify.delete(
    '/profiles/:id',
    {
      preValidation: owner.preValidation,
      schema: {
        summary: 'Delete a profile and its files; a first month paid and never started is refunded',
        tags: owner.tags,
        params: idParamsSchema,
        response: { 200: responseSchemas.ok, ...OWNER_ERRORS },
      },
    },
    async (request) => {
      const { storageKeys } = await profiles.remove(accountOf(request), request.params.id);
      await discardFiles(fastify, storageKeys);
      return { ok: true as const };
    },
  );
});

import { adminPageQuerySchema, idParamsSchema, MODERATION_CLAIM_MINUTES, reasonBodySchema } from 'contracts';
import * as responseSchemas from 'contracts/responses';
import { defineRoutes, errorResponses } from '../../../lib/route-schema';
import { createCampaignModeration } from '../../campaigns/moderation';
import { createCampaignService } from '../../campaigns/service';
import { ADMIN_ERRORS, adminOf, adminRoute, CLAIMED_BY_OTHER, NO_CONTENT } from '../common';

const CAMPAIGN_NOT_FOUND = errorResponses({ 404: 'NOT_FOUND: no such campaign' });
const NOT_WAITING = errorResponses({
  409: `TRANSITION_NOT_ALLOWED: it does not wait for moderation | ${CLAIMED_BY_OTHER}`,
});

export interface CampaignModerationRoutesOptions {
  slotsPerDay: number;
}

/** The moderation of ads: /api/admin-panel/moderation/campaigns/*. */
export const campaignModerationRoutes = defineRoutes<CampaignModerationRoutesOptions>(
  async (fastify, options) => {
    const moderation = createCampaignModeration(
      fastify,
      createCampaignService(fastify, { slotsPerDay: options.slotsPerDay }),
    );
    const { preValidation, tags } = adminRoute(fastify);

    fastify.get(
      '/moderation/campaigns',
      {
        preValidation,
        schema: {
          summary:
            'Campaigns waiting for moderation (paid ones, and the edits of published ones), oldest first',
          tags,
          querystring: adminPageQuerySchema,
          response: { 200: responseSchemas.adminCampaignQueue, ...ADMIN_ERRORS },
        },
      },
      async (request) => moderation.queue(request.query, adminOf(request)),
    );

    fastify.get(
      '/moderation/campaigns/:id',
      {
        preValidation,
        schema: {
          summary: 'One campaign with its advertiser',
          tags,
          params: idParamsSchema,
          response: { 200: responseSchemas.adminCampaign, ...ADMIN_ERRORS, ...CAMPAIGN_NOT_FOUND },
        },
      },
      async (request) => moderation.details(request.params.id, adminOf(request)),
    );

    fastify.post(
      '/moderation/campaigns/:id/claim',
      {
        preValidation,
        schema: {
          summary: `Claim a waiting campaign for ${MODERATION_CLAIM_MINUTES} minutes (or renew my claim): no other moderator can claim, approve or reject it meanwhile`,
          tags,
          params: idParamsSchema,
          response: {
            200: responseSchemas.moderationClaimed,
            ...ADMIN_ERRORS,
            ...CAMPAIGN_NOT_FOUND,
            ...NOT_WAITING,
          },
        },
      },
      async (request) => moderation.claim(adminOf(request), request.params.id),
    );

    fastify.delete(
      '/moderation/campaigns/:id/claim',
      {
        preValidation,
        schema: {
          summary: 'Release my claim on a campaign (204 also when I hold none)',
          tags,
          params: idParamsSchema,
          response: { ...NO_CONTENT, ...ADMIN_ERRORS, ...CAMPAIGN_NOT_FOUND },
        },
      },
      async (request, reply) => {
        await moderation.release(adminOf(request), request.params.id);
        return reply.code(204).send(null);
      },
    );

    fastify.post(
      '/moderation/campaigns/:id/approve',
      {
        preValidation,
        schema: {
          summary:
            'Approve: visitors see the ad on its dates (an edit replaces what they saw) and the advertiser is told',
          tags,
          params: idParamsSchema,
          response: {
            200: responseSchemas.adminCampaign,
            ...ADMIN_ERRORS,
            ...CAMPAIGN_NOT_FOUND,
            ...NOT_WAITING,
          },
        },
      },
      async (request) => moderation.approve(adminOf(request), request.params.id),
    );

    fastify.post(
      '/moderation/campaigns/:id/reject',
      {
        preValidation,
        schema: {
          summary:
            'Refuse with a reason the advertiser reads: a campaign never approved is refunded in full and its days ' +
            'freed; a published one keeps running as approved',
          tags,
          params: idParamsSchema,
          body: reasonBodySchema,
          response: {
            200: responseSchemas.adminCampaign,
            ...ADMIN_ERRORS,
            ...CAMPAIGN_NOT_FOUND,
            ...NOT_WAITING,
          },
        },
      },
      async (request) => moderation.reject(adminOf(request), request.params.id, request.body.reason),
    );
  },
);

import fastifyMultipart from '@fastify/multipart';
import { idParamsSchema } from 'contracts';
import {
  campaignCalendarQuerySchema,
  campaignDraftSchema,
  campaignListQuerySchema,
  campaignQuoteQuerySchema,
  campaignStatsQuerySchema,
} from 'contracts/campaigns';
import * as responseSchemas from 'contracts/responses';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/api-error';
import { defineRoutes, errorResponses } from '../../lib/route-schema';
import { clientAddress, type Limit, routeLimit } from '../auth/rate-limits';
import { UPLOAD_LIMITS } from '../media/receive';
import { deleteStoredFiles } from '../media/service';
import { accountOf, createCampaignService } from './service';

const OWNER_ERRORS = errorResponses({
  401: 'UNAUTHORIZED: no session',
  403: 'FORBIDDEN: not an advertiser account',
  404: "NOT_FOUND: no such campaign of this account (another advertiser's answers the same)",
  409: 'TRANSITION_NOT_ALLOWED: the status does not allow it',
});
const GUEST_ERRORS = errorResponses({
  401: 'UNAUTHORIZED: no session',
  403: 'FORBIDDEN: not an advertiser account',
});

/** An advertiser uploads a few images while building ads; a script filling a disk does not get far. */
export const DEFAULT_AD_IMAGE_UPLOADS_PER_HOUR: Limit = { max: 60, windowSeconds: 60 * 60 };

export interface CampaignRoutesOptions {
  slotsPerDay: number;
  imageUploadsPerHour?: Limit | undefined;
}

/** An advertiser's campaigns (account type advister): /api/campaigns/*. */
export const campaignRoutes = defineRoutes<CampaignRoutesOptions>(async (fastify, options) => {
  await fastify.register(fastifyMultipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true });
  const service = createCampaignService(fastify, { slotsPerDay: options.slotsPerDay });
  const preValidation = fastify.requireAuth('advister');
  const tags = ['campaigns'];
  const perAccount = (request: FastifyRequest) =>
    request.auth ? `account:${request.auth.accountId}` : `ip:${clientAddress(request)}`;
  fastify.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  fastify.get(
    '/campaigns',
    {
      preValidation,
      schema: {
        summary: "The caller's campaigns of one tab (saved: drafts and rejected ones), newest first",
        tags,
        querystring: campaignListQuerySchema,
        response: { 200: responseSchemas.campaignList, ...GUEST_ERRORS },
      },
    },
    async (request) => service.list(accountOf(request), request.query),
  );

  fastify.post(
    '/campaigns',
    {
      preValidation,
      schema: {
        summary: 'Save a new campaign as a draft: any fields of the form, the filled ones valid',
        tags,
        body: campaignDraftSchema,
        response: { 201: responseSchemas.campaign, ...GUEST_ERRORS },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return service.create(accountOf(request), request.body);
    },
  );

  fastify.get(
    '/campaigns/quote',
    {
      preValidation,
      schema: {
        summary: 'What a campaign with these settings costs, in whole rubles (the ads price table)',
        tags,
        querystring: campaignQuoteQuerySchema,
        response: { 200: responseSchemas.campaignQuote, ...GUEST_ERRORS },
      },
    },
    async (request) => service.quote(request.query),
  );

  fastify.get(
    '/campaigns/calendar',
    {
      preValidation,
      schema: {
        summary:
          'Free slots of a placement for each day of a month (past days 0) and the nearest start with enough free days',
        tags,
        querystring: campaignCalendarQuerySchema,
        response: { 200: responseSchemas.campaignCalendar, ...GUEST_ERRORS },
      },
    },
    async (request) => service.calendar(request.query),
  );

  fastify.get(
    '/campaigns/stats',
    {
      preValidation,
      schema: {
        summary: "Impressions, clicks and spend per day of all the caller's campaigns",
        tags,
        querystring: campaignStatsQuerySchema,
        response: { 200: responseSchemas.campaignStats, ...GUEST_ERRORS },
      },
    },
    async (request) => service.stats(accountOf(request), request.query.days),
  );

  fastify.get(
    '/campaigns/:id',
    {
      preValidation,
      schema: {
        summary: 'One own campaign',
        tags,
        params: idParamsSchema,
        response: { 200: responseSchemas.campaign, ...OWNER_ERRORS },
      },
    },
    async (request) => service.get(accountOf(request), request.params.id),
  );

  fastify.put(
    '/campaigns/:id',
    {
      preValidation,
      schema: {
        summary:
          'Save the form (every field it has; blank ones are not filled in yet). A published campaign takes ' +
          'only its content, which waits to be sent again',
        tags,
        params: idParamsSchema,
        body: campaignDraftSchema,
        response: { 200: responseSchemas.campaign, ...OWNER_ERRORS },
      },
    },
    async (request) => service.save(accountOf(request), request.params.id, request.body),
  );

  fastify.post(
    '/campaigns/:id/image',
    {
      preValidation,
      config: {
        rateLimit: routeLimit(options.imageUploadsPerHour ?? DEFAULT_AD_IMAGE_UPLOADS_PER_HOUR, perAccount),
      },
      schema: {
        summary: "Upload the ad's image (JPEG, PNG, WebP; at most 20 MB): stored as WebP without metadata",
        description:
          '`multipart/form-data` with one file field (`file`). Visitors see it once the ad is approved.',
        tags,
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: {
          200: responseSchemas.campaign,
          ...OWNER_ERRORS,
          ...errorResponses({
            400: 'VALIDATION_FAILED: no file, an empty file, or more than one file',
            413: 'FILE_TOO_LARGE',
            415: 'UNSUPPORTED_FORMAT: not a JPEG, PNG or WebP picture',
            422: 'IMAGE_PROCESSING_FAILED',
            429: 'RATE_LIMITED',
          }),
        },
      },
    },
    async (request) => {
      const accountId = accountOf(request);
      // 404 / 409 before a byte of the file is read.
      const before = await service.get(accountId, request.params.id);
      if (!before.actions.includes('edit')) throw new ApiError(409, 'TRANSITION_NOT_ALLOWED');
      const image = await fastify.mediaService.storeAdImage(request);
      try {
        return await service.setImage(accountId, request.params.id, image);
      } catch (error) {
        await deleteStoredFiles(fastify.mediaStorage, [image.key], request.log);
        throw error;
      }
    },
  );

  fastify.delete(
    '/campaigns/:id/image',
    {
      preValidation,
      schema: {
        summary: "Remove the ad's image",
        tags,
        params: idParamsSchema,
        response: { 200: responseSchemas.campaign, ...OWNER_ERRORS },
      },
    },
    async (request) => service.setImage(accountOf(request), request.params.id, null),
  );

  fastify.post(
    '/campaigns/:id/submit',
    {
      preValidation,
      schema: {
        summary:
          'Pay from the balance, book the days and send for moderation (a published one: send its edited content, ' +
          'without a second charge)',
        tags,
        params: idParamsSchema,
        response: {
          200: responseSchemas.campaignWithBalance,
          ...OWNER_ERRORS,
          ...errorResponses({
            402: 'INSUFFICIENT_BALANCE: the balance does not cover the total; the client offers a top-up',
            409:
              'SLOTS_FULL (params.date: the nearest start with free slots) | CAMPAIGN_INCOMPLETE (fields say what) | ' +
              'UPDATE_REQUIRED (a published one not edited) | TRANSITION_NOT_ALLOWED',
          }),
        },
      },
    },
    async (request) => service.submit(accountOf(request), request.params.id),
  );

  fastify.post(
    '/campaigns/:id/repeat',
    {
      preValidation,
      schema: {
        summary: 'A new draft with the settings of this campaign, dates cleared',
        tags,
        params: idParamsSchema,
        response: { 201: responseSchemas.campaign, ...OWNER_ERRORS },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return service.repeat(accountOf(request), request.params.id);
    },
  );

  fastify.delete(
    '/campaigns/:id',
    {
      preValidation,
      schema: {
        summary: 'Delete a campaign; one paid and not started yet is refunded in full through the ledger',
        tags,
        params: idParamsSchema,
        response: { 200: responseSchemas.balanceOnly, ...OWNER_ERRORS },
      },
    },
    async (request) => service.remove(accountOf(request), request.params.id),
  );

  fastify.get(
    '/campaigns/:id/stats',
    {
      preValidation,
      schema: {
        summary: 'Impressions, clicks and spend per day of one campaign',
        tags,
        params: idParamsSchema,
        querystring: campaignStatsQuerySchema,
        response: { 200: responseSchemas.campaignStats, ...OWNER_ERRORS },
      },
    },
    async (request) => service.stats(accountOf(request), request.query.days, request.params.id),
  );
});

import fastifyMultipart from '@fastify/multipart';
import { idParamsSchema, mediaOrderBodySchema, profileMediaParamsSchema } from 'contracts';
import * as responseSchemas from 'contracts/responses';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../../lib/api-error';
import { defineRoutes, errorResponses } from '../../../lib/route-schema';
import { clientAddress, type Limit, routeLimit } from '../../auth/rate-limits';
import { UPLOAD_LIMITS } from '../receive';
import type { MediaCaller } from '../service';

/** A model adds a few photos at a time; a script filling a disk does not get far. */
export const DEFAULT_UPLOADS_PER_HOUR: Limit = { max: 60, windowSeconds: 60 * 60 };

export interface ProfileMediaRoutesOptions {
  uploadsPerHour?: Limit | undefined;
}

const PROFILE_ERRORS = errorResponses({
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN: not a model account',
  404: "MODEL_NOT_FOUND: no such profile, or another account's",
});

const EDIT_ERRORS = errorResponses({
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN: not a model account',
  404: "MODEL_NOT_FOUND: no such profile, or another account's; NOT_FOUND: no such file in its working version",
  409: 'TRANSITION_NOT_ALLOWED: the profile cannot be edited now (blocked)',
});

/**
 * Administrators may change any profile (each change is audited); a model only her own (another's
 * is "not found").
 */
function callerOf(request: FastifyRequest): MediaCaller {
  if (!request.auth) throw new ApiError(401, 'UNAUTHORIZED');
  return { accountId: request.auth.accountId, admin: request.auth.role === 'admin' };
}

/** The files of a profile's working version, as its owner manages them in the editor. */
export const profileMediaRoutes = defineRoutes<ProfileMediaRoutesOptions>(async (fastify, options) => {
  // Only these routes read multipart bodies: the parser is registered in their own context.
  await fastify.register(fastifyMultipart, { limits: UPLOAD_LIMITS, throwFileSizeLimit: true });
  const media = fastify.mediaService;
  const perAccount = (request: FastifyRequest) =>
    request.auth ? `account:${request.auth.accountId}` : `ip:${clientAddress(request)}`;
  fastify.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  fastify.get(
    '/profiles/:id/media',
    {
      preValidation: fastify.requireAuth('girl'),
      schema: {
        summary: "The files of a profile's working version, photos first, each kind in order",
        tags: ['profiles'],
        params: idParamsSchema,
        response: { 200: responseSchemas.ownMediaList, ...PROFILE_ERRORS },
      },
    },
    async (request) => ({ items: await media.list(request.params.id, callerOf(request)) }),
  );

  fastify.post(
    '/profiles/:id/media',
    {
      preValidation: fastify.requireAuth('girl'),
      config: { rateLimit: routeLimit(options.uploadsPerHour ?? DEFAULT_UPLOADS_PER_HOUR, perAccount) },
      schema: {
        summary: 'Upload one photo (JPEG, PNG, WebP; at most 20 MB) or video (MP4, WebM, MOV; at most 50 MB)',
        description:
          '`multipart/form-data` with one file field (`file`). The format is read from the bytes. ' +
          'Photos are stored as WebP in several widths without any metadata; a video remuxed in its own ' +
          'container (streams copied) without any metadata either. ' +
          'The file joins the working version (visitors see it after approval).',
        tags: ['profiles'],
        consumes: ['multipart/form-data'],
        params: idParamsSchema,
        response: {
          201: responseSchemas.ownMedia,
          ...errorResponses({
            400: 'VALIDATION_FAILED: no file, an empty file, or more than one file',
            401: 'UNAUTHORIZED',
            403: 'FORBIDDEN: not a model account',
            404: "MODEL_NOT_FOUND: no such profile, or another account's",
            409: 'MEDIA_LIMIT: 5 photos or 1 video already; TRANSITION_NOT_ALLOWED: blocked',
            413: 'FILE_TOO_LARGE: a video over 50 MB or a photo over 20 MB',
            415: 'UNSUPPORTED_FORMAT: not a JPEG, PNG, WebP, MP4, WebM or MOV file',
            422:
              'IMAGE_PROCESSING_FAILED: a photo that does not decode (truncated, corrupt, too many pixels); ' +
              'VIDEO_PROCESSING_FAILED: a video that cannot be remuxed (no movie in it, no picture, too slow)',
            429: 'RATE_LIMITED: 60 uploads an hour per account',
          }),
        },
      },
    },
    async (request, reply) => {
      const item = await media.upload(request, request.params.id, callerOf(request));
      reply.code(201);
      return item;
    },
  );

  fastify.put(
    '/profiles/:id/media/order',
    {
      preValidation: fastify.requireAuth('girl'),
      schema: {
        summary: "Order the working version's files: every one of their ids, the main photo first",
        tags: ['profiles'],
        params: idParamsSchema,
        body: mediaOrderBodySchema,
        response: { 200: responseSchemas.ownMediaList, ...EDIT_ERRORS },
      },
    },
    async (request) => ({
      items: await media.reorder(request.params.id, request.body.ids, callerOf(request)),
    }),
  );

  fastify.delete(
    '/profiles/:id/media/:mediaId',
    {
      preValidation: fastify.requireAuth('girl'),
      schema: {
        summary:
          'Remove a file from the working version: at once if visitors do not see it, else at the next approval',
        tags: ['profiles'],
        params: profileMediaParamsSchema,
        response: { 200: responseSchemas.ownMediaList, ...EDIT_ERRORS },
      },
    },
    async (request) => ({
      items: await media.remove(request.params.id, request.params.mediaId, callerOf(request)),
    }),
  );
});

import { idParamsSchema, type ModelListResponse, modelListQuerySchema } from 'contracts';
import * as responseSchemas from 'contracts/responses';
import { ApiError } from '../../lib/api-error';
import { pickLocale } from '../../lib/i18n';
import { errorResponses, defineRoutes } from '../../lib/route-schema';
import { MODEL_NOT_FOUND } from '../../lib/shared-errors';
import { createSeoRepository } from '../seo/repository';
import { createModelRepository } from './repository';

const PROFILE_GONE = errorResponses({
  410: 'PROFILE_GONE: was published, and is now blocked, expired, hidden or deleted',
});

export const catalogRoutes = defineRoutes(async (fastify) => {
  const models = createModelRepository(fastify.db, fastify.dbKind);
  const publication = createSeoRepository(fastify.db);
  const { listingCache } = fastify;

  fastify.get(
    '/model',
    {
      schema: {
        summary: 'Visible profiles, top placements first, paginated',
        tags: ['catalog'],
        querystring: modelListQuerySchema,
        response: { 200: responseSchemas.modelList },
      },
    },
    async (request, reply) => {
      const locale = pickLocale(request.headers['accept-language']);
      const page = await listingCache.get(request.query, locale, () => models.list(request.query, locale));
      // The page is kept serialised (JSON.stringify, once per cache entry), so it is sent as is
      // and the schema's serialiser never runs for it: under load one string serves many requests.
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('vary', 'Accept-Language')
        .send(page as unknown as ModelListResponse);
    },
  );

  // A static segment: the router prefers it to GET /model/:id.
  fastify.get(
    '/model/online-count',
    {
      schema: {
        summary: 'How many visible profiles are online now: their model has her cabinet open or streams',
        tags: ['catalog'],
        response: { 200: responseSchemas.onlineModels },
      },
    },
    async (_request, reply) => {
      // The header polls it; a few seconds of staleness saves a count per page view.
      reply.header('cache-control', 'public, max-age=10');
      return { count: await models.onlineCount() };
    },
  );

  fastify.get(
    '/model/:id',
    {
      schema: {
        summary: 'One visible profile with its photos, services and contacts',
        tags: ['catalog'],
        params: idParamsSchema,
        response: { 200: responseSchemas.modelDetails, ...MODEL_NOT_FOUND, ...PROFILE_GONE },
      },
    },
    async (request) => {
      const model = await models.findVisible(
        request.params.id,
        pickLocale(request.headers['accept-language']),
      );
      if (model) return model;
      // A page search engines indexed answers 410 so that they drop it; one never published
      // answers exactly like a missing one, so drafts and the moderation queue do not leak.
      if (await publication.wasPublished(request.params.id)) throw new ApiError(410, 'PROFILE_GONE');
      throw new ApiError(404, 'MODEL_NOT_FOUND');
    },
  );
});

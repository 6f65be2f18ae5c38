import { idParamsSchema, modelListQuerySchema, type OnlineModelsResponse } from 'contracts';
import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../../lib/api-error';
import { pickLocale } from '../../lib/i18n';
import { parse } from '../../lib/validation';
import { createListingCache } from './listing-cache';
import { createModelRepository } from './repository';

export interface ModelRoutesOptions {
  /** How long a listing page may be served from memory; 0 reads the database every time. */
  listingCacheMs?: number;
}

export const modelRoutes: FastifyPluginAsync<ModelRoutesOptions> = async (fastify, options) => {
  const models = createModelRepository(fastify.db);
  const listingCache = createListingCache(options.listingCacheMs ?? 0);

  fastify.get(
    '/model',
    {
      config: {
        docs: {
          summary: 'Visible profiles, top placements first, paginated',
          tags: ['catalog'],
          query: modelListQuerySchema,
          responses: { 200: 'ModelListResponse' },
        },
      },
    },
    async (request, reply) => {
      const query = parse(modelListQuerySchema, request.query);
      const locale = pickLocale(request.headers['accept-language']);
      const page = await listingCache.get(query, locale, () => models.list(query, locale));
      return reply
        .header('content-type', 'application/json; charset=utf-8')
        .header('vary', 'Accept-Language')
        .send(page);
    },
  );

  // A static segment: the router prefers it to GET /model/:id.
  fastify.get(
    '/model/online-count',
    {
      config: {
        docs: {
          summary: 'How many visible profiles are online now: their model has her cabinet open or streams',
          tags: ['catalog'],
          responses: { 200: 'OnlineModelsResponse: { count }' },
        },
      },
    },
    async (_request, reply): Promise<OnlineModelsResponse> => {
      // The header polls it; a few seconds of staleness saves a count per page view.
      reply.header('cache-control', 'public, max-age=10');
      return { count: await models.onlineCount() };
    },
  );

  fastify.get(
    '/model/:id',
    {
      config: {
        docs: {
          summary: 'One visible profile with its photos, services and contacts',
          tags: ['catalog'],
          params: idParamsSchema,
          responses: { 200: 'ModelDetails', 404: 'MODEL_NOT_FOUND: missing, blocked or not published' },
        },
      },
    },
    async (request) => {
      const { id } = parse(idParamsSchema, request.params);
      const model = await models.findVisible(id, pickLocale(request.headers['accept-language']));
      // Blocked and unpublished profiles answer exactly like missing ones: nothing leaks.
      if (!model) throw new ApiError(404, 'MODEL_NOT_FOUND');
      return model;
    },
  );
};

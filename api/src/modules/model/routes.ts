import { idParamsSchema, modelListQuerySchema } from 'contracts';
import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../../lib/api-error';
import { pickLocale } from '../../lib/i18n';
import { parse } from '../../lib/validation';
import { createModelRepository } from './repository';

export const modelRoutes: FastifyPluginAsync = async (fastify) => {
  const models = createModelRepository(fastify.db);

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
    async (request) => {
      const query = parse(modelListQuerySchema, request.query);
      return models.list(query, pickLocale(request.headers['accept-language']));
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

import type { ServiceListResponse } from 'contracts';
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { services } from '../../db/schema';

export const serviceRoutes: FastifyPluginAsync = async (fastify) => {
  fastify.get(
    '/services',
    {
      config: {
        docs: {
          summary: 'The services catalogue with names in both languages, for the listing filter',
          tags: ['catalog'],
          responses: { 200: 'ServiceListResponse' },
        },
      },
    },
    async (_request, reply): Promise<ServiceListResponse> => {
      // The catalogue changes with releases, not with visitors, so browsers may keep it a while.
      reply.header('cache-control', 'public, max-age=300');
      const rows = await fastify.db
        .select({
          category: services.category,
          code: services.code,
          ru: services.nameRu,
          en: services.nameEn,
        })
        .from(services)
        .orderBy(asc(services.category), asc(services.sort), asc(services.id));
      return { items: rows.map(({ ru, en, ...item }) => ({ ...item, name: { ru, en } })) };
    },
  );
};

import * as responseSchemas from 'contracts/responses';
import { defineRoutes } from '../../lib/route-schema';
import { createServiceRepository } from './repository';

export const serviceRoutes = defineRoutes(async (fastify) => {
  const catalogue = createServiceRepository(fastify.db);

  fastify.get(
    '/services',
    {
      schema: {
        summary: 'The services catalogue with names in both languages, for the listing filter',
        tags: ['catalog'],
        response: { 200: responseSchemas.serviceList },
      },
    },
    async (_request, reply) => {
      // The catalogue changes with releases, not with visitors, so browsers may keep it a while.
      reply.header('cache-control', 'public, max-age=300');
      return catalogue.list();
    },
  );
});

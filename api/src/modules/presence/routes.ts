import * as responseSchemas from 'contracts/responses';
import { defineRoutes } from '../../lib/route-schema';

export const presenceRoutes = defineRoutes(async (fastify) => {
  fastify.get(
    '/online-count',
    {
      schema: {
        summary: 'How many browsers are on the site now (sockets open on /ws/online)',
        tags: ['presence'],
        response: { 200: responseSchemas.onlineCount },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { count: await fastify.presence.count() };
    },
  );
});

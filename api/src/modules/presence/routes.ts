import type { OnlineCountResponse } from 'contracts';
import type { FastifyPluginAsync } from 'fastify';

export const presenceRoutes: FastifyPluginAsync = async (fastify) => {
  fastify.get(
    '/online-count',
    {
      config: {
        docs: {
          summary: 'How many browsers are on the site now (sockets open on /ws/online)',
          tags: ['presence'],
          responses: { 200: 'OnlineCountResponse: { count }' },
        },
      },
    },
    async (_request, reply): Promise<OnlineCountResponse> => {
      reply.header('cache-control', 'no-store');
      return { count: await fastify.presence.count() };
    },
  );
};

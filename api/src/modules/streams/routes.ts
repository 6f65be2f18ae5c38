import type { StreamingCountResponse } from 'contracts';
import type { FastifyPluginAsync } from 'fastify';
import { createStreamRepository } from './repository';

export const streamRoutes: FastifyPluginAsync = async (fastify) => {
  const streams = createStreamRepository(fastify.db);

  // A static segment: the router prefers it to GET /model/:id, whichever is registered first.
  fastify.get(
    '/model/streaming-count',
    {
      config: {
        docs: {
          summary: 'How many visible profiles are live now (the header figure)',
          tags: ['catalog'],
          responses: { 200: 'StreamingCountResponse: { count }' },
        },
      },
    },
    async (_request, reply): Promise<StreamingCountResponse> => {
      // The header polls it; a few seconds of staleness saves a count per page view.
      reply.header('cache-control', 'public, max-age=10');
      return { count: await streams.liveCount() };
    },
  );
};

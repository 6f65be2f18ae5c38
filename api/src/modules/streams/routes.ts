import * as responseSchemas from 'contracts/responses';
import { defineRoutes } from '../../lib/route-schema';
import { createStreamRepository } from './repository';

export const streamRoutes = defineRoutes(async (fastify) => {
  const streams = createStreamRepository(fastify.db);

  // A static segment: the router prefers it to GET /model/:id, whichever is registered first.
  fastify.get(
    '/model/streaming-count',
    {
      schema: {
        summary: 'How many visible profiles are live now (the header figure)',
        tags: ['catalog'],
        response: { 200: responseSchemas.streamingCount },
      },
    },
    async (_request, reply) => {
      // The header polls it; a few seconds of staleness saves a count per page view.
      reply.header('cache-control', 'public, max-age=10');
      return { count: await streams.liveCount() };
    },
  );
});

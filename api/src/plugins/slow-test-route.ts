import fp from 'fastify-plugin';

/**
 * A test hook (SLOW_TEST_ROUTE_MS, refused in production): GET /api/test/slow answers after `ms`,
 * so that the shutdown test can hold requests open while the server is told to stop.
 */
export const slowTestRoutePlugin = fp<{ ms: number }>(
  async (fastify, { ms }) => {
    fastify.get('/api/test/slow', { schema: { hide: true } }, async (_request, reply) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      reply.header('cache-control', 'no-store');
      return { waitedMs: ms };
    });
  },
  { name: 'slow-test-route' },
);

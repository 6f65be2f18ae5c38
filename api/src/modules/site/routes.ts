import * as responseSchemas from 'contracts/responses';
import { defineRoutes } from '../../lib/route-schema';
import { createSiteRepository } from './repository';

export const siteRoutes = defineRoutes(async (fastify) => {
  const site = createSiteRepository(fastify.db);

  fastify.get(
    '/health',
    {
      schema: {
        summary: 'Liveness and the database kind',
        tags: ['site'],
        response: { 200: responseSchemas.health },
      },
    },
    async (_request, reply) => {
      await site.ping();
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const, database: fastify.dbKind };
    },
  );

  fastify.get(
    '/constants',
    {
      schema: {
        summary: 'Site settings: the slogan in ru and en (read fresh on every request)',
        tags: ['site'],
        response: { 200: responseSchemas.siteConstants },
      },
    },
    async (_request, reply) => {
      // An administrator's new slogan shows on the next request.
      reply.header('cache-control', 'public, no-cache');
      return { siteSlogan: await site.slogan() };
    },
  );
});

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
    '/ready',
    {
      schema: {
        summary:
          'Readiness: whether the database and every shared dependency answer (503 when not, or closing)',
        description:
          'For a load balancer: 503 takes this instance out of rotation, either because a check failed ' +
          '(`failed` names them) or because it is shutting down. /api/health stays the liveness probe.',
        tags: ['site'],
        response: { 200: responseSchemas.readiness, 503: responseSchemas.readiness },
      },
    },
    async (_request, reply) => {
      const result = await fastify.readiness.check();
      reply.header('cache-control', 'no-store');
      return reply.code(result.status === 'ready' ? 200 : 503).send(result);
    },
  );

  fastify.get(
    '/constants',
    {
      schema: {
        summary: 'Site settings: the slogan in ru and en (a change shows on the next request)',
        tags: ['site'],
        response: { 200: responseSchemas.siteConstants },
      },
    },
    async (_request, reply) => {
      // An administrator's new slogan shows on the next request.
      reply.header('cache-control', 'public, no-cache');
      return constants();
    },
  );
  const constants = async () => ({ siteSlogan: await fastify.siteSlogan.current() });
  fastify.inProcessReads.set(`${fastify.prefix}/constants`, async () => JSON.stringify(await constants()));
});

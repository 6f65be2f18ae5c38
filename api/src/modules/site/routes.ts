import type { HealthResponse, SiteConstants } from 'contracts';
import type { FastifyPluginAsync } from 'fastify';
import { createSiteRepository } from './repository';

export const siteRoutes: FastifyPluginAsync = async (fastify) => {
  const site = createSiteRepository(fastify.db);

  fastify.get(
    '/health',
    { config: { docs: { summary: 'Liveness and the database kind', tags: ['site'] } } },
    async (_request, reply): Promise<HealthResponse> => {
      await site.ping();
      reply.header('cache-control', 'no-store');
      return { status: 'ok', database: fastify.dbKind };
    },
  );

  fastify.get(
    '/constants',
    { config: { docs: { summary: 'Site settings: the slogan in ru and en', tags: ['site'] } } },
    async (): Promise<SiteConstants> => ({ siteSlogan: await site.slogan() }),
  );
};

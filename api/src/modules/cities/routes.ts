import type { FastifyPluginAsync } from 'fastify';
import { createCityRepository } from './repository';

export const cityRoutes: FastifyPluginAsync = async (fastify) => {
  const cityRepository = createCityRepository(fastify.db);

  // The catalogue's city and metro filters; it changes rarely, so browsers may keep it a while.
  fastify.get('/cities', async (_request, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return cityRepository.listWithMetro();
  });
};

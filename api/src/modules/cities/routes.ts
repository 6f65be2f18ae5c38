import * as responseSchemas from 'contracts/responses';
import { defineRoutes } from '../../lib/route-schema';
import { createCityRepository } from './repository';

export const cityRoutes = defineRoutes(async (fastify) => {
  const cityRepository = createCityRepository(fastify.db);

  fastify.get(
    '/cities',
    {
      schema: {
        summary: "The catalogue's cities with their metro stations, for the city and metro filters",
        tags: ['catalog'],
        response: { 200: responseSchemas.cityList },
      },
    },
    async (_request, reply) => {
      // It changes rarely, so browsers may keep it a while.
      reply.header('cache-control', 'public, max-age=300');
      return cityRepository.listWithMetro();
    },
  );
});

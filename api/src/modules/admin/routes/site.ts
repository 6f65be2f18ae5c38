import { priceItemBodySchema, priceItemParamsSchema, sloganBodySchema } from 'contracts';
import * as responseSchemas from 'contracts/responses';
import { defineRoutes, errorResponses } from '../../../lib/route-schema';
import { ADMIN_ERRORS, adminOf, adminRoute } from '../common';
import { createSiteDesk } from '../site';

/** The site's slogan and prices: /api/admin-panel/site/*. Visitors see a change on their next request. */
export const siteSettingsRoutes = defineRoutes(async (fastify) => {
  const desk = createSiteDesk(fastify);
  const { preValidation, tags } = adminRoute(fastify);

  fastify.get(
    '/site',
    {
      preValidation,
      schema: {
        summary: "The header's slogan and every price list line, by list and order",
        tags,
        response: { 200: responseSchemas.adminSite, ...ADMIN_ERRORS },
      },
    },
    async () => desk.read(),
  );

  fastify.put(
    '/site/slogan',
    {
      preValidation,
      schema: {
        summary: "Set the header's slogan in both languages",
        tags,
        body: sloganBodySchema,
        response: { 200: responseSchemas.adminSlogan, ...ADMIN_ERRORS },
      },
    },
    async (request) => desk.setSlogan(adminOf(request), request.body),
  );

  fastify.put(
    '/site/prices/:list/:code',
    {
      preValidation,
      schema: {
        summary:
          'Change a price list line (titles, whole dollars): the price page and the next purchase use it at once',
        tags,
        params: priceItemParamsSchema,
        body: priceItemBodySchema,
        response: {
          200: responseSchemas.adminPriceItem,
          ...ADMIN_ERRORS,
          ...errorResponses({ 404: 'NOT_FOUND: no such line in that list' }),
        },
      },
    },
    async (request) => desk.setPrice(adminOf(request), request.params, request.body),
  );
});

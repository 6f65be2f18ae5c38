import * as v from 'valibot';
import { ApiError } from '../../../lib/api-error';
import { defineRoutes, errorResponses, nonJson } from '../../../lib/route-schema';
import { campaignsWithImage } from '../../campaigns/repository';
import { isStorageKey } from '../../media/storage';

/**
 * Ads' images at `/media/ads/<key>/<file>`: the image of an approved ad is public and cached for
 * good (a key is never reused); any other only for its advertiser and administrators, never
 * cached, and "not found" for everyone else.
 */
export const adImageRoutes = defineRoutes(async (fastify) => {
  const storage = fastify.mediaStorage;

  fastify.get(
    '/media/ads/:key/:file',
    {
      schema: {
        summary: "An ad's image",
        tags: ['media'],
        params: v.object({ key: v.string(), file: v.string() }),
        produces: ['image/webp'],
        response: { 200: nonJson('The image'), ...errorResponses({ 404: 'NOT_FOUND' }) },
      },
    },
    async (request, reply) => {
      const key = `${request.params.key}/${request.params.file}`;
      if (!isStorageKey(key)) throw new ApiError(404, 'NOT_FOUND');
      const rows = await campaignsWithImage(fastify.db, key);
      if (rows.length === 0) throw new ApiError(404, 'NOT_FOUND');
      const isPublic = rows.some((row) => row.public);
      if (!isPublic) {
        const auth = await fastify.sessions.authenticate(request.cookies[fastify.cookieNames.access]);
        if (!auth || (auth.role !== 'admin' && !rows.some((row) => row.accountId === auth.accountId))) {
          throw new ApiError(404, 'NOT_FOUND');
        }
      }
      const stored = await storage.stat(key);
      const body = stored ? await storage.get(key) : null;
      if (!stored || !body) throw new ApiError(404, 'NOT_FOUND');
      reply
        .header('cache-control', isPublic ? 'public, max-age=31536000, immutable' : 'private, no-store')
        .header('content-type', 'image/webp')
        .header('content-length', stored.size);
      return reply.send(body as unknown as string);
    },
  );
});

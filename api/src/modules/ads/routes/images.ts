import * as v from 'valibot';
import { ApiError } from '../../../lib/api-error';
import { defineRoutes, errorResponses, nonJson } from '../../../lib/route-schema';
import { campaignsWithImage } from '../../campaigns/repository';
import { notModified } from '../../../lib/conditional';
import { mediaEtag, PUBLIC_MEDIA_CACHE } from '../../media/caching';
import { isStorageKey } from '../../media/storage';

/**
 * Ads' images at `/media/ads/<key>/<file>`: the image of an approved ad is public, cached briefly
 * and then revalidated as a profile's photos are; any other only for its advertiser and administrators, never
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
        response: {
          200: nonJson('The image'),
          304: nonJson('Not modified: still public, and the ETag the request named'),
          ...errorResponses({ 404: 'NOT_FOUND' }),
        },
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
      if (isPublic) {
        const etag = mediaEtag(key);
        reply.header('cache-control', PUBLIC_MEDIA_CACHE).header('etag', etag);
        if (notModified(request.headers['if-none-match'], etag)) return reply.code(304).send('');
      } else {
        reply.header('cache-control', 'private, no-store');
      }
      const stored = await storage.stat(key);
      const body = stored ? await storage.get(key) : null;
      if (!stored || !body) throw new ApiError(404, 'NOT_FOUND');
      reply.header('content-type', 'image/webp').header('content-length', stored.size);
      return reply.send(body as unknown as string);
    },
  );
});

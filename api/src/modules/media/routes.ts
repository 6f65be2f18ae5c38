import type { FastifyPluginAsync } from 'fastify';
import { ApiError } from '../../lib/api-error';
import { PLACEHOLDER_COUNT, placeholderSvg } from './placeholder';

const placeholderFile = /^([1-9]\d{0,3})\.svg$/;

/** Media served by the API itself; uploaded files will sit beside these under /media. */
export const mediaRoutes: FastifyPluginAsync = async (fastify) => {
  fastify.get<{ Params: { file: string } }>('/media/placeholder/:file', async (request, reply) => {
    const match = placeholderFile.exec(request.params.file);
    const n = match ? Number(match[1]) : 0;
    if (n < 1 || n > PLACEHOLDER_COUNT) throw new ApiError(404, 'NOT_FOUND');
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(placeholderSvg(n));
  });
};

import * as v from 'valibot';
import { ApiError } from '../../../lib/api-error';
import { errorResponses, nonJson, defineRoutes } from '../../../lib/route-schema';
import { PLACEHOLDER_COUNT, placeholderSvg } from '../placeholder';

const placeholderFile = /^([1-9]\d{0,3})\.svg$/;

/** Media served by the API itself; uploaded files will sit beside these under /media. */
export const mediaRoutes = defineRoutes(async (fastify) => {
  fastify.get(
    '/media/placeholder/:file',
    {
      schema: {
        summary: 'A generated abstract placeholder photo of the demo profiles, `1.svg` and up',
        tags: ['media'],
        // Checked by the handler: any other name is a missing file (404), not bad input.
        params: v.object({ file: v.string() }),
        produces: ['image/svg+xml'],
        response: { 200: nonJson('An SVG image'), ...errorResponses({ 404: 'NOT_FOUND' }) },
      },
    },
    async (request, reply) => {
      const match = placeholderFile.exec(request.params.file);
      const n = match ? Number(match[1]) : 0;
      if (n < 1 || n > PLACEHOLDER_COUNT) throw new ApiError(404, 'NOT_FOUND');
      return reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(placeholderSvg(n));
    },
  );
});

import * as v from 'valibot';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../../lib/api-error';
import { defineRoutes, errorResponses, nonJson } from '../../../lib/route-schema';
import { createMediaRepository } from '../repository';
import { notModified } from '../../../lib/conditional';
import { mediaEtag, PUBLIC_MEDIA_CACHE } from '../caching';
import { storedKeysOf } from '../service';
import { type ByteRange, isStorageKey } from '../storage';

const PRIVATE_CACHE = 'private, no-store';

/**
 * A single `bytes=` range of a file of `size` bytes: null to send the whole file (no header, or
 * several ranges, which players do not ask for), 'unsatisfiable' past its end.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  const match = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!match) return null;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    // The last `to` bytes.
    const length = Math.min(Number(to), size);
    return length > 0 ? { start: size - length, end: size - 1 } : 'unsatisfiable';
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  return start < size && start <= end ? { start, end } : 'unsatisfiable';
}

/**
 * Uploaded files at `/media/u/<storageKey>/<file>`. A file of the approved version of a listed
 * profile is public and cached briefly, then revalidated (`PUBLIC_MEDIA_CACHE`); any other is served only to
 * its owner and administrators, never cached, and is "not found" for everyone else, so a pending
 * photo's address tells a visitor nothing.
 *
 * Outside /api, so a public file carries no cookies and a CDN can keep it; the session is read
 * here, and only for a file that is not public (the auth plugin parses sessions for /api only).
 */
export const mediaFileRoutes = defineRoutes(async (fastify) => {
  const repository = createMediaRepository(fastify.db);
  const storage = fastify.mediaStorage;

  async function mayRead(request: FastifyRequest, accountId: number | null): Promise<boolean> {
    const auth = await fastify.sessions.authenticate(request.cookies[fastify.cookieNames.access]);
    return !!auth && (auth.role === 'admin' || auth.accountId === accountId);
  }

  fastify.get(
    '/media/u/:key/:file',
    {
      schema: {
        summary: 'An uploaded photo size or video; Range requests are answered (206)',
        tags: ['media'],
        // Checked by the handler: a malformed name is a missing file (404), not bad input.
        params: v.object({ key: v.string(), file: v.string() }),
        produces: ['image/webp', 'video/mp4', 'video/webm', 'video/quicktime'],
        response: {
          200: nonJson('The file'),
          206: nonJson('The requested bytes of the file'),
          304: nonJson('Not modified: still public, and the ETag the request named'),
          ...errorResponses({ 404: 'NOT_FOUND: no such file, or not public and not yours' }),
          416: nonJson('A range past the end of the file'),
        },
      },
    },
    async (request, reply) => {
      const key = `${request.params.key}/${request.params.file}`;
      if (!isStorageKey(key)) throw new ApiError(404, 'NOT_FOUND');
      const row = await repository.findForServing(request.params.key);
      if (!row || !storedKeysOf(row).includes(key)) throw new ApiError(404, 'NOT_FOUND');
      const isPublic = row.isPublic && row.profileVisible;
      if (!isPublic && !(await mayRead(request, row.accountId))) throw new ApiError(404, 'NOT_FOUND');

      if (isPublic) {
        const etag = mediaEtag(key);
        // Tagged with its profile: a CDN purges all of a profile's files by one tag.
        const tag = `profile-${row.profileId}`;
        reply
          .header('cache-control', PUBLIC_MEDIA_CACHE)
          .header('etag', etag)
          .header('cache-tag', tag)
          .header('surrogate-key', tag);
        if (notModified(request.headers['if-none-match'], etag)) return reply.code(304).send('');
      } else {
        reply.header('cache-control', PRIVATE_CACHE);
      }
      const stored = await storage.stat(key);
      if (!stored) {
        request.log.error({ key }, 'media: a row names a file the storage does not have');
        throw new ApiError(404, 'NOT_FOUND');
      }
      reply
        .header('content-type', row.mimeType ?? 'application/octet-stream')
        .header('accept-ranges', 'bytes');
      const range = parseRange(request.headers.range, stored.size);
      if (range === 'unsatisfiable') {
        return reply.code(416).header('content-range', `bytes */${stored.size}`).send('');
      }
      const body = await storage.get(key, range ?? undefined);
      if (!body) throw new ApiError(404, 'NOT_FOUND');
      if (range) {
        reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${stored.size}`)
          .header('content-length', range.end - range.start + 1);
      } else {
        reply.header('content-length', stored.size);
      }
      // A stream is sent as it is read; the response schemas only describe it for the document.
      return reply.send(body as unknown as string);
    },
  );
});

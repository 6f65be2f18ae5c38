// How API answers are compressed: @fastify/compress's settings (app.ts registers it with them), and
// the same decision for a body compressed once and sent many times (a shared listing page), which
// the plugin then passes through untouched.
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import type { FastifyRequest } from 'fastify';

export type Encoding = 'br' | 'gzip';

/**
 * @fastify/compress's options for the whole server. API answers (a listing page is ~9 KB of JSON)
 * are compressed for browsers that accept it; built files are served already compressed and pass
 * through untouched. Brotli at quality 4 costs about what gzip does, unlike the default 11.
 */
export const API_COMPRESSION = {
  global: true,
  threshold: 1024,
  encodings: ['br', 'gzip'] as Encoding[],
  brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
};

/** The negotiator @fastify/compress itself uses (its dependency), so both choose alike. */
const negotiate = createRequire(createRequire(import.meta.url).resolve('@fastify/compress'))(
  '@fastify/accept-negotiator',
).negotiate as (header: string, supported: string[]) => string | null;

/**
 * The encoding @fastify/compress would give a JSON answer of `size` bytes to this request, or null
 * when it would send it plain: no Accept-Encoding (or only identity), x-no-compression, or a body
 * under the threshold.
 */
export function encodingFor(request: FastifyRequest, size: number): Encoding | null {
  const header = request.headers['accept-encoding'];
  if (header === undefined || size < API_COMPRESSION.threshold) return null;
  if (request.headers['x-no-compression'] !== undefined) return null;
  // As the plugin reads the header: lower case, the no-preference token and x-gzip as gzip.
  return negotiateEncoding(header.toLowerCase(), API_COMPRESSION.encodings);
}

/**
 * The encoding `header` (lower case) prefers among `supported`, in its order where the header's
 * weights tie, or null: a weight of 0 refuses one, and `*` or `x-gzip` stands for gzip.
 */
export function negotiateEncoding(header: string, supported: Encoding[]): Encoding | null {
  const chosen = negotiate(header.replace(/\*|x-gzip/g, 'gzip'), supported);
  return chosen === 'br' || chosen === 'gzip' ? chosen : null;
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** `body` compressed as the plugin would (off the main thread, in libuv's pool). */
export function compressBody(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br' ? brotli(body, API_COMPRESSION.brotliOptions) : gzipped(body);
}

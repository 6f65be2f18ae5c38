// The API reads a server-rendered page makes (the page renderer's fastify.inject): marked by a
// header whose value only this process knows, so that no client can claim to be one.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

export const IN_PROCESS_HEADER = 'x-server-render';

/** Made at start-up, never sent out: the mark of this process's own reads. */
const IN_PROCESS_TOKEN = randomBytes(18).toString('base64url');

/** The headers that mark an in-process read (the page renderer adds them to each call). */
export const inProcessHeaders = Object.freeze({ [IN_PROCESS_HEADER]: IN_PROCESS_TOKEN });

/**
 * Whether `request` is a read this process made while rendering a page. Such an answer never leaves
 * the process: the renderer reads its status and body, so what is only for browsers (security
 * headers, cookies, the request id) and for the process's request metrics (the page request is
 * counted) is skipped.
 */
export function isInProcess(request: FastifyRequest): boolean {
  return request.headers[IN_PROCESS_HEADER] === IN_PROCESS_TOKEN;
}

/** What a page's read is asked with: a guest's read (a page is rendered for a guest), no cookies. */
export interface InProcessInput {
  /** The query string as Fastify parses it (a repeated parameter is an array). */
  query: Record<string, string | string[]>;
  /** The path's parameters: `id` for a read registered as `…/:id`. */
  params: Record<string, string>;
  /** The language the page asks in. */
  acceptLanguage: string | undefined;
}

/**
 * A public GET route's answer as a function: the JSON text the route sends with 200 for a guest's
 * request of that query. It throws for any other answer (invalid input, a failure): the page
 * renderer then goes through the route, which answers as it answers a browser.
 */
export type InProcessRead = (input: InProcessInput) => Promise<string>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The public reads a rendered page makes (the header's slogan and online figure, the listing,
     * the live strip), by path: the page renderer calls them instead of going through a request
     * (about 290 us of CPU each, four a page). Each route registers what it answers with, so both
     * give the same JSON (a test compares them).
     */
    inProcessReads: Map<string, InProcessRead>;
  }
}

/**
 * The read registered for `pathname`: its own path, else `…/:id` when its last segment is a whole
 * number (`/api/model/42` -> `/api/model/:id`, id 42), as the router prefers a fixed segment.
 */
export function findInProcessRead(
  reads: ReadonlyMap<string, InProcessRead>,
  pathname: string,
): { read: InProcessRead; params: Record<string, string> } | undefined {
  const exact = reads.get(pathname);
  if (exact) return { read: exact, params: {} };
  const id = /\/(\d+)$/.exec(pathname);
  const byId = id ? reads.get(`${pathname.slice(0, id.index)}/:id`) : undefined;
  return byId && id ? { read: byId, params: { id: id[1] as string } } : undefined;
}

export const inProcessReadsPlugin = fp(
  async (fastify: FastifyInstance) => {
    fastify.decorate('inProcessReads', new Map<string, InProcessRead>());
  },
  { name: 'in-process-reads' },
);

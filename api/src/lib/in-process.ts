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

/** An API read whose answer depends on nothing in the request: no parameters, cookies or headers. */
export type InProcessRead = () => Promise<unknown>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The reads a rendered page makes that take no input (the header's slogan and online figure),
     * by path: the page renderer calls them instead of going through a request (about 290 us each).
     * Each route registers the same function it answers with, so both give the same JSON.
     */
    inProcessReads: Map<string, InProcessRead>;
  }
}

export const inProcessReadsPlugin = fp(
  async (fastify: FastifyInstance) => {
    fastify.decorate('inProcessReads', new Map<string, InProcessRead>());
  },
  { name: 'in-process-reads' },
);

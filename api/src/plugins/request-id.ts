// The request id of the logs (issue 29): the balancer's x-request-id when it sends one, so that one
// request can be followed from the balancer's log into this instance's, else one made here.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import fp from 'fastify-plugin';
import { isInProcess } from '../lib/in-process';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Ids balancers make (UUIDs, hex, base64url, dotted or colon-separated tokens); nothing to break a log line. */
const SANE_ID = /^[A-Za-z0-9][A-Za-z0-9._:+/=-]{0,127}$/;

/**
 * Fastify's `genReqId`: the header's id when it looks like one (bounded length, a plain charset),
 * else a new UUID; unique across instances, unlike Fastify's counter.
 */
export function genReqId(request: IncomingMessage): string {
  const sent = request.headers[REQUEST_ID_HEADER];
  return typeof sent === 'string' && SANE_ID.test(sent) ? sent : randomUUID();
}

/** Every answer names its request id, for whoever reports a problem. */
export const requestIdPlugin = fp(
  async (fastify) => {
    fastify.addHook('onRequest', async (request, reply) => {
      if (!isInProcess(request)) reply.header(REQUEST_ID_HEADER, request.id);
    });
  },
  { name: 'request-id' },
);

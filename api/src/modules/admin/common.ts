import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { errorResponses } from '../../lib/route-schema';

/** Every administration route answers these before it looks at its input. */
export const ADMIN_ERRORS = errorResponses({
  401: 'UNAUTHORIZED: no session',
  403: 'FORBIDDEN: not an administrator',
});

export const PROFILE_NOT_FOUND = errorResponses({ 404: 'MODEL_NOT_FOUND: no such profile' });
export const ACCOUNT_NOT_FOUND = errorResponses({ 404: 'USER_NOT_FOUND: no such account' });

/** What claim, approve and reject answer for an item another moderator holds. */
export const CLAIMED_BY_OTHER = 'CLAIMED: another administrator holds a live claim on it (params: by, until)';

/** The hook and tag every administration route carries. */
export function adminRoute(fastify: FastifyInstance) {
  return { preValidation: fastify.requireAdmin(), tags: ['admin'] };
}

/** The administrator making the request (requireAdmin ran before the handler). */
export function adminOf(request: FastifyRequest): number {
  if (!request.auth) throw new Error('requireAdmin let a guest through');
  return request.auth.accountId;
}

/** The answer of a DELETE that has nothing to say. */
export const NO_CONTENT = { 204: v.pipe(v.null(), v.description('Done')) };

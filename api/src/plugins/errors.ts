import type { ApiErrorBody } from 'contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError, unreadableRequest } from '../lib/api-error';
import { pickLocale, translate } from '../lib/i18n';

/**
 * Fastify's own 4xx errors (unreadable JSON, wrong content type, bad URL encoding...) are bad
 * input too: they answer in the same shape as a failed schema, never as a 500.
 */
function fromFrameworkError(error: FastifyError): ApiError | null {
  const status = error.statusCode;
  if (status === undefined || status < 400 || status >= 500) return null;
  switch (status) {
    case 401:
      return new ApiError(401, 'UNAUTHORIZED');
    case 403:
      return new ApiError(403, 'FORBIDDEN');
    case 404:
      return new ApiError(404, 'NOT_FOUND');
    case 409:
      return new ApiError(409, 'CONFLICT');
    case 429:
      return new ApiError(429, 'RATE_LIMITED');
    case 413:
      return unreadableRequest('validation.bodyTooLarge', 413);
    case 415:
      return unreadableRequest('validation.unsupportedMediaType', 415);
    default: {
      const isBody = error.code?.startsWith('FST_ERR_CTP_') ?? false;
      return unreadableRequest(isBody ? 'validation.malformedBody' : 'validation.malformedRequest', status);
    }
  }
}

/** Sends any error as an ApiErrorBody in the request's language. */
export function replyWithError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const apiError =
    error instanceof ApiError
      ? error
      : (fromFrameworkError(error as FastifyError) ?? new ApiError(500, 'INTERNAL'));
  if (apiError.statusCode >= 500) {
    request.log.error({ err: error }, 'request failed');
  }
  const body: ApiErrorBody = { code: apiError.code, message: '' };
  if (apiError.fields) body.fields = apiError.fields;
  if (apiError.params) body.params = apiError.params;
  if (apiError.code === 'RATE_LIMITED') {
    const retryAfter = Number(reply.getHeader('retry-after'));
    if (Number.isFinite(retryAfter) && retryAfter > 0) {
      body.retryAfter = retryAfter;
      body.params = { seconds: retryAfter };
    }
  }
  body.message = translate(pickLocale(request.headers['accept-language']), apiError.messageKey, body.params);
  return reply.code(apiError.statusCode).header('cache-control', 'no-store').send(body);
}

/** One error handler and one not-found handler for the whole server. */
export const errorsPlugin = fp(
  async (fastify) => {
    fastify.setErrorHandler((error, request, reply) => replyWithError(error, request, reply));
    fastify.setNotFoundHandler((request, reply) =>
      replyWithError(new ApiError(404, 'NOT_FOUND'), request, reply),
    );
  },
  { name: 'errors' },
);

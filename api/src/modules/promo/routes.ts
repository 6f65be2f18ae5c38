import type { RateLimitOptions } from '@fastify/rate-limit';
import { promoCodeBodySchema, validatePublicPromoBodySchema } from 'contracts';
import * as responseSchemas from 'contracts/responses';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/api-error';
import { pickLocale } from '../../lib/i18n';
import { errorResponses, defineRoutes } from '../../lib/route-schema';
import { UNAUTHORIZED } from '../../lib/shared-errors';
import { clientAddress } from '../auth/rate-limits';
import { createPromoService } from './service';

/**
 * Codes are short words a script could guess: the public check is limited per address, the
 * signed-in calls per account. Activation allows a burst (a double-clicking client, a retrying
 * network) well above what a person does, since its outcome cannot be repeated anyway.
 */
export const PROMO_RATE_LIMITS = {
  validatePublicPerIp: { max: 20, windowSeconds: 60 },
  validatePerAccount: { max: 30, windowSeconds: 60 },
  activatePerAccount: { max: 60, windowSeconds: 60 },
} as const;

const perAccount = (request: FastifyRequest) =>
  request.auth ? `account:${request.auth.accountId}` : `ip:${clientAddress(request)}`;

function limit(
  { max, windowSeconds }: { max: number; windowSeconds: number },
  keyGenerator?: (request: FastifyRequest) => string,
): RateLimitOptions {
  return { max, timeWindow: windowSeconds * 1000, ...(keyGenerator ? { keyGenerator } : {}) };
}

function callerOf(request: Pick<FastifyRequest, 'auth'>) {
  if (!request.auth) throw new ApiError(401, 'UNAUTHORIZED');
  return { accountId: request.auth.accountId, accountType: request.auth.accountType };
}

const PROMO_INVALID = 'PROMO_INVALID: unknown, switched off, outside its dates or used up';
const PROMO_NOT_FOR_ROLE = 'PROMO_NOT_FOR_ROLE: meant for the other account type (message says which)';
const PROMO_ERRORS = errorResponses({
  404: PROMO_INVALID,
  403: PROMO_NOT_FOR_ROLE,
  409: 'PROMO_ALREADY_USED: this account has activated it',
  429: 'RATE_LIMITED',
});

export const promoRoutes = defineRoutes(async (fastify) => {
  const promo = createPromoService(fastify.db);
  fastify.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  fastify.post(
    '/promo/validate-public',
    {
      config: { rateLimit: limit(PROMO_RATE_LIMITS.validatePublicPerIp) },
      schema: {
        summary: 'Checks a promo code without signing in (registration form)',
        tags: ['promo'],
        body: validatePublicPromoBodySchema,
        response: {
          200: responseSchemas.promoValidate,
          ...errorResponses({
            404: PROMO_INVALID,
            403: `${PROMO_NOT_FOR_ROLE}; only when accountType is given`,
            429: 'RATE_LIMITED',
          }),
        },
      },
    },
    async (request) => {
      const { code, accountType } = request.body;
      const locale = pickLocale(request.headers['accept-language']);
      return { valid: true as const, promocode: await promo.validate(code, locale, { accountType }) };
    },
  );

  fastify.post(
    '/promo/validate',
    {
      preValidation: fastify.requireAuth(),
      config: { rateLimit: limit(PROMO_RATE_LIMITS.validatePerAccount, perAccount) },
      schema: {
        summary: 'Checks a promo code for the signed-in account',
        tags: ['promo'],
        body: promoCodeBodySchema,
        response: { 200: responseSchemas.promoValidate, ...UNAUTHORIZED, ...PROMO_ERRORS },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const locale = pickLocale(request.headers['accept-language']);
      return { valid: true as const, promocode: await promo.validate(request.body.code, locale, caller) };
    },
  );

  fastify.post(
    '/promo/activate',
    {
      preValidation: fastify.requireAuth(),
      config: { rateLimit: limit(PROMO_RATE_LIMITS.activatePerAccount, perAccount) },
      schema: {
        summary:
          'Activates a promo code once per account: BALANCE_AMOUNT credits the balance at once, DEPOSIT_PERCENTAGE is returned for the next top-up',
        tags: ['promo'],
        body: promoCodeBodySchema,
        response: { 200: responseSchemas.promoActivate, ...UNAUTHORIZED, ...PROMO_ERRORS },
      },
    },
    async (request) =>
      promo.activate(request.body.code, callerOf(request), pickLocale(request.headers['accept-language'])),
  );
});

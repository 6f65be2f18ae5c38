import type { RateLimitOptions } from '@fastify/rate-limit';
import {
  type PromoActivateResponse,
  promoCodeBodySchema,
  type PromoValidateResponse,
  validatePublicPromoBodySchema,
} from 'contracts';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/api-error';
import { pickLocale } from '../../lib/i18n';
import { parse } from '../../lib/validation';
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
  request.auth ? `account:${request.auth.accountId}` : `ip:${request.ip}`;

function limit(
  { max, windowSeconds }: { max: number; windowSeconds: number },
  keyGenerator?: (request: FastifyRequest) => string,
): RateLimitOptions {
  return { max, timeWindow: windowSeconds * 1000, ...(keyGenerator ? { keyGenerator } : {}) };
}

function callerOf(request: FastifyRequest) {
  if (!request.auth) throw new ApiError(401, 'UNAUTHORIZED');
  return { accountId: request.auth.accountId, accountType: request.auth.accountType };
}

const PROMO_ERRORS = {
  404: 'PROMO_INVALID: unknown, switched off, outside its dates or used up',
  403: 'PROMO_NOT_FOR_ROLE: meant for the other account type (message says which)',
  409: 'PROMO_ALREADY_USED: this account has activated it',
};

export const promoRoutes: FastifyPluginAsync = async (fastify) => {
  const promo = createPromoService(fastify.db);
  fastify.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  fastify.post(
    '/promo/validate-public',
    {
      config: {
        rateLimit: limit(PROMO_RATE_LIMITS.validatePublicPerIp),
        docs: {
          summary: 'Checks a promo code without signing in (registration form)',
          tags: ['promo'],
          body: validatePublicPromoBodySchema,
          responses: {
            200: 'PromoValidateResponse: { valid: true, promocode }',
            404: PROMO_ERRORS[404],
            403: `${PROMO_ERRORS[403]}; only when accountType is given`,
            429: 'RATE_LIMITED',
          },
        },
      },
    },
    async (request): Promise<PromoValidateResponse> => {
      const { code, accountType } = parse(validatePublicPromoBodySchema, request.body);
      const locale = pickLocale(request.headers['accept-language']);
      return { valid: true, promocode: await promo.validate(code, locale, { accountType }) };
    },
  );

  fastify.post(
    '/promo/validate',
    {
      preHandler: fastify.requireAuth(),
      config: {
        rateLimit: limit(PROMO_RATE_LIMITS.validatePerAccount, perAccount),
        docs: {
          summary: 'Checks a promo code for the signed-in account',
          tags: ['promo'],
          body: promoCodeBodySchema,
          auth: true,
          responses: {
            200: 'PromoValidateResponse: { valid: true, promocode }',
            401: 'UNAUTHORIZED',
            ...PROMO_ERRORS,
            429: 'RATE_LIMITED',
          },
        },
      },
    },
    async (request): Promise<PromoValidateResponse> => {
      const caller = callerOf(request);
      const { code } = parse(promoCodeBodySchema, request.body);
      const locale = pickLocale(request.headers['accept-language']);
      return { valid: true, promocode: await promo.validate(code, locale, caller) };
    },
  );

  fastify.post(
    '/promo/activate',
    {
      preHandler: fastify.requireAuth(),
      config: {
        rateLimit: limit(PROMO_RATE_LIMITS.activatePerAccount, perAccount),
        docs: {
          summary:
            'Activates a promo code once per account: BALANCE_AMOUNT credits the balance at once, DEPOSIT_PERCENTAGE is returned for the next top-up',
          tags: ['promo'],
          body: promoCodeBodySchema,
          auth: true,
          responses: {
            200: 'PromoActivateResponse: { promocode, activatedAt, balance (rubles) }',
            401: 'UNAUTHORIZED',
            ...PROMO_ERRORS,
            429: 'RATE_LIMITED',
          },
        },
      },
    },
    async (request): Promise<PromoActivateResponse> => {
      const caller = callerOf(request);
      const { code } = parse(promoCodeBodySchema, request.body);
      return promo.activate(code, caller, pickLocale(request.headers['accept-language']));
    },
  );
};

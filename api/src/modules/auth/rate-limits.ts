import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/api-error';

export interface Limit {
  max: number;
  windowSeconds: number;
}

/**
 * Limits of the calls that guess passwords or codes, or make the server send mail. Per IP they
 * slow one machine down; per e-mail (or account) they protect one person from many machines.
 */
export const DEFAULT_AUTH_RATE_LIMITS = {
  loginPerIp: { max: 10, windowSeconds: 60 },
  loginPerEmail: { max: 5, windowSeconds: 60 },
  /** Sending and resending registration codes count together. */
  codeMailPerIp: { max: 5, windowSeconds: 600 },
  codeMailPerEmail: { max: 5, windowSeconds: 600 },
  verifyCodePerIp: { max: 10, windowSeconds: 60 },
  restoreLinkPerIp: { max: 10, windowSeconds: 600 },
  restoreLinkPerEmail: { max: 3, windowSeconds: 600 },
  restorePasswordPerIp: { max: 10, windowSeconds: 600 },
  refreshPerIp: { max: 60, windowSeconds: 60 },
  /** Profile changes that check the account's password. */
  profileChangePerAccount: { max: 10, windowSeconds: 600 },
} satisfies Record<string, Limit>;

export type AuthRateLimits = Record<keyof typeof DEFAULT_AUTH_RATE_LIMITS, Limit>;
export type AuthRateLimitOptions = Partial<AuthRateLimits>;

export function resolveRateLimits(overrides: AuthRateLimitOptions = {}): AuthRateLimits {
  return { ...DEFAULT_AUTH_RATE_LIMITS, ...overrides };
}

/** The defaults with every `max` multiplied, for load tests and e2e runs from one address. */
export function scaledRateLimits(factor: number): AuthRateLimits {
  const scaled = {} as AuthRateLimits;
  for (const [name, limit] of Object.entries(DEFAULT_AUTH_RATE_LIMITS)) {
    scaled[name as keyof AuthRateLimits] = { ...limit, max: Math.max(1, Math.round(limit.max * factor)) };
  }
  return scaled;
}

/** A route's `config.rateLimit`, keyed by client address unless `key` says otherwise. */
export function routeLimit(limit: Limit, key?: (request: FastifyRequest) => string): RateLimitOptions {
  return {
    max: limit.max,
    timeWindow: limit.windowSeconds * 1000,
    ...(key ? { keyGenerator: key } : {}),
  };
}

/**
 * A second limit inside a handler, on a key only the parsed body has (the e-mail). One counter
 * may serve several routes, such as sending and resending a code.
 */
export function keyedLimiter(fastify: FastifyInstance, limit: Limit) {
  const keys = new WeakMap<FastifyRequest, string>();
  const check = fastify.createRateLimit({
    max: limit.max,
    timeWindow: limit.windowSeconds * 1000,
    keyGenerator: (request) => keys.get(request) ?? '',
  });
  return async (request: FastifyRequest, reply: FastifyReply, key: string): Promise<void> => {
    keys.set(request, key);
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      reply.header('retry-after', Math.max(1, result.ttlInSeconds));
      throw new ApiError(429, 'RATE_LIMITED');
    }
  };
}

/** Retry-After for a limit the handler enforces itself (the resend cooldown). */
export function tooSoon(reply: FastifyReply, seconds: number): ApiError {
  reply.header('retry-after', Math.max(1, Math.ceil(seconds)));
  return new ApiError(429, 'RATE_LIMITED');
}

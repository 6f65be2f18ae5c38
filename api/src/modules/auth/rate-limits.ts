import type { FastifyRateLimitStoreCtor, RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/api-error';
import { clientAddressKey } from '../../lib/client-address';
import type { Limit, RateLimitStore } from '../../lib/rate-limit-store';

export type { Limit };

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
  /** Tracking calls (analytics): a page load reports a visit, a profile page a view. */
  analyticsVisitPerIp: { max: 60, windowSeconds: 60 },
  analyticsViewPerIp: { max: 120, windowSeconds: 60 },
  /** Page telemetry: beacons (a tab sends one when hidden, and one per full batch). */
  telemetryPerIp: { max: 120, windowSeconds: 60 },
  /** Ads: pages of ads (each with fresh tokens) a network may ask for. */
  adsPerIp: { max: 60, windowSeconds: 60 },
  /** Ads: impression reports a network may send (each ad of each page sends one). */
  adImpressionReportsPerIp: { max: 180, windowSeconds: 60 },
  /** Ads: impressions of one campaign counted (billed) from one network; the rest are refused. */
  adImpressionsPerNetwork: { max: 30, windowSeconds: 3600 },
  /** Ads: clicks of one campaign counted from one network; the rest are refused. */
  adClicksPerNetwork: { max: 10, windowSeconds: 3600 },
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

/** The key of every per-address limit: the client's address, an IPv6 /64 as one (see clientAddressKey). */
export const clientAddress = (request: FastifyRequest): string => clientAddressKey(request.ip);

/**
 * A route's `config.rateLimit`, keyed by client address unless `key` says otherwise. Its counters
 * are @fastify/rate-limit's: in its own memory store, or, with Redis, in `routeLimitStore`'s.
 */
export function routeLimit(limit: Limit, key?: (request: FastifyRequest) => string): RateLimitOptions {
  return {
    max: limit.max,
    timeWindow: limit.windowSeconds * 1000,
    keyGenerator: key ?? clientAddress,
  };
}

/**
 * @fastify/rate-limit's store over one of ours (app.ts passes it when instances share Redis): the
 * route limits then count across instances and, like every other limiter, in memory during an
 * outage. Its own `redis` option would count them in Redis too, but with `skipOnError` an outage
 * would lift every route limit, and without it every limited route would answer 500.
 * Each route counts under its method and URL, as @fastify/rate-limit's own stores do; it asks
 * for neither `continueExceeding` nor `exponentialBackoff` here (no route sets them).
 */
export function routeLimitStore(store: RateLimitStore): FastifyRateLimitStoreCtor {
  class RouteLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      store.hit(`${this.prefix}${key}`, timeWindow).then(
        ({ count, resetInMs }) => callback(null, { current: count, ttl: resetInMs }),
        (error: Error) => callback(error),
      );
    }
    child(routeOptions: { routeInfo: { method: string; url: string } }) {
      return new RouteLimitStore(
        undefined,
        `${this.prefix}${routeOptions.routeInfo.method}${routeOptions.routeInfo.url}-`,
      );
    }
  }
  return RouteLimitStore as unknown as FastifyRateLimitStoreCtor;
}

function limited(reply: FastifyReply, resetInMs: number): ApiError {
  reply.header('retry-after', Math.max(1, Math.ceil(resetInMs / 1000)));
  return new ApiError(429, 'RATE_LIMITED');
}

/**
 * A second limit inside a handler, on a key only the parsed body has (the e-mail), or on
 * `clientAddress(request)`. One counter may serve several routes, such as sending and resending
 * a code. The counters are `fastify.shared`'s under `name` (each limiter its own name): per
 * process in memory, shared by every instance with Redis.
 */
export function keyedLimiter(
  fastify: FastifyInstance,
  name: string,
  limit: Limit,
  store: RateLimitStore = fastify.shared.rateLimitStore(name),
) {
  return async (_request: FastifyRequest, reply: FastifyReply, key: string): Promise<void> => {
    const { count, resetInMs } = await store.hit(key, limit.windowSeconds * 1000);
    if (count > limit.max) throw limited(reply, resetInMs);
  };
}

/**
 * Like keyedLimiter, but only attempts that fail count: a login per e-mail. Otherwise anyone who
 * knows an address could keep its owner out by trying it with any password; now it takes
 * `max` wrong passwords per window to lock it (the per-address limit counts every attempt).
 * An attempt is counted when it starts (so parallel guesses cannot all pass the check) and
 * taken back when the route answers anything but `failureStatus` (401).
 */
export function failureLimiter(
  fastify: FastifyInstance,
  name: string,
  limit: Limit,
  store: RateLimitStore = fastify.shared.rateLimitStore(name),
  failureStatus = 401,
) {
  const counted = new WeakMap<FastifyRequest, string>();
  fastify.addHook('onResponse', async (request, reply) => {
    const key = counted.get(request);
    if (key === undefined || reply.statusCode === failureStatus) return;
    counted.delete(request);
    await store.release(key);
  });
  return async (request: FastifyRequest, reply: FastifyReply, key: string): Promise<void> => {
    const { count, resetInMs } = await store.hit(key, limit.windowSeconds * 1000);
    counted.set(request, key);
    if (count > limit.max) throw limited(reply, resetInMs);
  };
}

/** Retry-After for a limit the handler enforces itself (the resend cooldown). */
export function tooSoon(reply: FastifyReply, seconds: number): ApiError {
  reply.header('retry-after', Math.max(1, Math.ceil(seconds)));
  return new ApiError(429, 'RATE_LIMITED');
}

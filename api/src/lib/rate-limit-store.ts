import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/** A limit: at most `max` within `windowSeconds`. */
export interface Limit {
  max: number;
  windowSeconds: number;
}

export interface RateLimitHit {
  /** Hits of the key in its current window, this one included. */
  count: number;
  /** Milliseconds until the window ends and the count starts again. */
  resetInMs: number;
}

/**
 * Counters of the limits the API enforces itself (keyed limiters in handlers, socket
 * upgrades, route limits), by key, in fixed windows. The in-memory store is the embedded default
 * and counts per process; several instances behind a load balancer share the Redis one
 * (`fastify.shared.rateLimitStore(name)` hands each limiter the right one).
 */
export interface RateLimitStore {
  /** Counts one hit of `key`; a key's first hit opens a window of `windowMs`. */
  hit(key: string, windowMs: number): Promise<RateLimitHit>;
  /** Takes one hit of `key` back (an attempt that turned out not to count); never below zero. */
  release(key: string): Promise<void>;
}

const SWEEP_EVERY_MS = 60_000;

export function createMemoryRateLimitStore(): RateLimitStore & { size(): number } {
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = Date.now() + SWEEP_EVERY_MS;

  /** Expired windows go at most once a minute, so memory does not grow with every key ever seen. */
  function sweep(now: number): void {
    if (now < nextSweep) return;
    nextSweep = now + SWEEP_EVERY_MS;
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  }

  return {
    async hit(key, windowMs) {
      const now = Date.now();
      sweep(now);
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + windowMs };
        windows.set(key, window);
      }
      window.count++;
      return { count: window.count, resetInMs: window.resetAt - now };
    },
    async release(key) {
      const window = windows.get(key);
      if (window && window.count > 0) window.count--;
    },
    size: () => windows.size,
  };
}

/**
 * One Lua script, so a key's count and its window are set together: a key never lives without an
 * expiry, even if the instance dies between two commands. PEXPIRE NX (Redis 7) opens the window on
 * the first hit only; a key found without an expiry all the same (written by hand, say) gets one,
 * so no address is locked out for ever.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[1], 'NX')
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

/** DECR, never below zero and never on a key that is gone (it would come back without an expiry). */
const RELEASE_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0
`;

type RedisWithLimits = Redis & {
  rateLimitHit(key: string, windowMs: number): Promise<[number, number]>;
  rateLimitRelease(key: string): Promise<number>;
};

function withLimitScripts(redis: Redis): RedisWithLimits {
  const scripted = redis as RedisWithLimits;
  // defineCommand sends EVALSHA and falls back to EVAL once per connection.
  if (typeof scripted.rateLimitHit !== 'function') {
    redis.defineCommand('rateLimitHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    redis.defineCommand('rateLimitRelease', { numberOfKeys: 1, lua: RELEASE_SCRIPT });
  }
  return scripted;
}

/** Counters in Redis under `prefix` (one prefix per limiter: keys of two limiters never meet). */
export function createRedisRateLimitStore(redis: Redis, prefix: string): RateLimitStore {
  const scripted = withLimitScripts(redis);
  return {
    async hit(key, windowMs) {
      const [count, ttl] = await scripted.rateLimitHit(prefix + key, Math.max(1, Math.ceil(windowMs)));
      return { count: Number(count), resetInMs: Number(ttl) };
    },
    async release(key) {
      await scripted.rateLimitRelease(prefix + key);
    },
  };
}

/**
 * The shared store while it answers, this instance's memory while it does not: an outage of Redis
 * must not open every limit (nor refuse every login). Counts start again in memory for the outage,
 * per instance, which is the one-instance behaviour; back in Redis, its own counts go on. A failure
 * is logged once until the shared store answers again (the shared state also logs the outage).
 */
export function createResilientRateLimitStore(
  shared: RateLimitStore,
  up: () => boolean,
  log: Pick<FastifyBaseLogger, 'warn'>,
  fallback: RateLimitStore = createMemoryRateLimitStore(),
): RateLimitStore {
  let failing = false;
  function failed(error: unknown): void {
    if (failing) return;
    failing = true;
    log.warn({ err: error }, 'rate limits count in memory: Redis did not answer');
  }
  return {
    async hit(key, windowMs) {
      if (!up()) return fallback.hit(key, windowMs);
      try {
        const hit = await shared.hit(key, windowMs);
        failing = false;
        return hit;
      } catch (error) {
        failed(error);
        return fallback.hit(key, windowMs);
      }
    },
    async release(key) {
      // Given back where hits are counted now; a hit taken just before Redis came back or went
      // away is at worst one attempt more or less, and neither store goes below zero.
      if (!up()) return fallback.release(key);
      try {
        await shared.release(key);
      } catch (error) {
        failed(error);
        await fallback.release(key);
      }
    },
  };
}

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
 * upgrades), by key, in fixed windows. The in-memory store is the embedded default and counts
 * per process; several instances behind a load balancer need a shared store (Redis: INCR, and
 * PEXPIRE on the first hit; DECR for `release`) passed where the limiter is made. Route limits
 * (`config.rateLimit`) are @fastify/rate-limit's: its `redis` option shares those.
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

import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hasRedisServer, NO_REDIS_SERVER, type RedisServer, startRedisServer } from '../testing/redis-server';
import {
  createMemoryRateLimitStore,
  createRedisRateLimitStore,
  createResilientRateLimitStore,
  type RateLimitStore,
} from './rate-limit-store';

afterEach(() => {
  vi.useRealTimers();
});

let server: RedisServer | undefined;
let redis: Redis | undefined;
beforeAll(async () => {
  if (!hasRedisServer) return;
  server = await startRedisServer();
  redis = new Redis(server.url);
});
afterAll(async () => {
  redis?.disconnect();
  await server?.stop();
});

/** The same suite for each implementation: a fresh store per test (Redis: a fresh prefix). */
const implementations: Array<{ name: string; skip: boolean; make: () => RateLimitStore }> = [
  { name: 'in memory', skip: false, make: () => createMemoryRateLimitStore() },
  {
    name: `in Redis ${hasRedisServer ? '' : NO_REDIS_SERVER}`,
    skip: !hasRedisServer,
    make: () => {
      if (!redis) throw new Error('Redis did not start');
      return createRedisRateLimitStore(redis, `test:${randomBytes(4).toString('hex')}:`);
    },
  },
];

describe.each(implementations)('the rate-limit store $name', ({ skip, make }) => {
  it.skipIf(skip)('counts hits of a key within its window, each key on its own', async () => {
    const store = make();
    expect((await store.hit('a', 60_000)).count).toBe(1);
    expect((await store.hit('a', 60_000)).count).toBe(2);
    expect((await store.hit('b', 60_000)).count).toBe(1);
    const hit = await store.hit('a', 60_000);
    expect(hit.count).toBe(3);
    expect(hit.resetInMs).toBeGreaterThan(0);
    expect(hit.resetInMs).toBeLessThanOrEqual(60_000);
  });

  it.skipIf(skip)('keeps the window of the first hit: later hits do not push its end back', async () => {
    const store = make();
    const first = await store.hit('a', 60_000);
    await new Promise((resolve) => setTimeout(resolve, 30));
    const later = await store.hit('a', 60_000);
    expect(later.resetInMs).toBeLessThan(first.resetInMs);
  });

  it.skipIf(skip)('starts again when the window is over', async () => {
    const store = make();
    await store.hit('a', 150);
    const { resetInMs } = await store.hit('a', 150);
    // Waits for the window the store itself announced, not a guess.
    await new Promise((resolve) => setTimeout(resolve, resetInMs + 20));
    expect((await store.hit('a', 150)).count).toBe(1);
  });

  it.skipIf(skip)('takes a hit back, never below zero', async () => {
    const store = make();
    await store.hit('a', 60_000);
    await store.hit('a', 60_000);
    await store.release('a');
    expect((await store.hit('a', 60_000)).count).toBe(2);
    await store.release('a');
    await store.release('a');
    await store.release('a');
    await store.release('unknown');
    expect((await store.hit('a', 60_000)).count).toBe(1);
  });

  it.skipIf(skip)('counts hits sent at once exactly once each', async () => {
    const store = make();
    const hits = await Promise.all(Array.from({ length: 50 }, () => store.hit('a', 60_000)));
    expect(hits.map((hit) => hit.count).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 50 }, (_, i) => i + 1),
    );
  });
});

describe.skipIf(!hasRedisServer)(
  `the Redis rate-limit store's keys ${hasRedisServer ? '' : NO_REDIS_SERVER}`,
  () => {
    it('always expire, so no address is locked out for ever; a release does not bring a key back', async () => {
      if (!redis) throw new Error('Redis did not start');
      const store = createRedisRateLimitStore(redis, 'expiry:');
      await store.hit('a', 60_000);
      const ttl = await redis.pttl('expiry:a');
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(60_000);
      // A key somebody left without an expiry gets one at its next hit.
      await redis.set('expiry:b', '3');
      expect((await store.hit('b', 60_000)).count).toBe(4);
      expect(await redis.pttl('expiry:b')).toBeGreaterThan(0);
      await store.release('gone');
      expect(await redis.exists('expiry:gone')).toBe(0);
    });
  },
);

describe('the in-memory rate-limit store', () => {
  it('forgets expired keys, so memory does not grow with every address ever seen', async () => {
    vi.useFakeTimers();
    const store = createMemoryRateLimitStore();
    for (let i = 0; i < 1000; i++) await store.hit(`key-${i}`, 1_000);
    expect(store.size()).toBe(1000);
    vi.advanceTimersByTime(61_000);
    await store.hit('fresh', 1_000);
    expect(store.size()).toBe(1);
  });
});

describe('the resilient rate-limit store', () => {
  /** A shared store that answers from its own memory until told to fail. */
  function flakyStore() {
    const inner = createMemoryRateLimitStore();
    const state = { failing: false, calls: 0 };
    const store: RateLimitStore = {
      async hit(key, windowMs) {
        state.calls++;
        if (state.failing) throw new Error('connection lost');
        return inner.hit(key, windowMs);
      },
      async release(key) {
        state.calls++;
        if (state.failing) throw new Error('connection lost');
        return inner.release(key);
      },
    };
    return { store, state };
  }

  it('counts in the shared store while it is up, in memory while it is down, and in the shared store again after', async () => {
    const { store: shared, state } = flakyStore();
    let up = true;
    const log = { warn: vi.fn() };
    const store = createResilientRateLimitStore(shared, () => up, log);
    await store.hit('a', 60_000);
    await store.hit('a', 60_000);
    up = false;
    const callsBefore = state.calls;
    // During the outage the limit still holds, counted from zero in memory, without asking Redis.
    expect((await store.hit('a', 60_000)).count).toBe(1);
    expect((await store.hit('a', 60_000)).count).toBe(2);
    expect(state.calls).toBe(callsBefore);
    up = true;
    expect((await store.hit('a', 60_000)).count).toBe(3);
  });

  it('falls back to memory when the shared store fails, and says so once until it answers again', async () => {
    const { store: shared, state } = flakyStore();
    const log = { warn: vi.fn() };
    const store = createResilientRateLimitStore(shared, () => true, log);
    state.failing = true;
    expect((await store.hit('a', 60_000)).count).toBe(1);
    expect((await store.hit('a', 60_000)).count).toBe(2);
    await store.release('a');
    expect((await store.hit('a', 60_000)).count).toBe(2);
    expect(log.warn).toHaveBeenCalledTimes(1);
    state.failing = false;
    expect((await store.hit('a', 60_000)).count).toBe(1);
    state.failing = true;
    await store.hit('a', 60_000);
    expect(log.warn).toHaveBeenCalledTimes(2);
  });
});

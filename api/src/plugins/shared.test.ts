import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hasRedisServer, NO_REDIS_SERVER, type RedisServer, startRedisServer } from '../testing/redis-server';
import {
  createMemorySharedState,
  createRedisSharedState,
  keptUntilWritten,
  type SharedState,
  waitUntilUp,
} from './shared';

/** Polls `condition` until it holds, failing after `timeoutMs`. */
async function until(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Waits until the subscriptions made so far on `instances` are in place: Redis confirms them in
 * order, so once a probe subscribed last hears a message the earlier ones hear theirs too.
 */
async function subscribed(publisher: SharedState, ...listed: SharedState[]): Promise<void> {
  const instances = [...new Set(listed)];
  const heard = new Set<SharedState>();
  const stops = instances.map((instance) => instance.bus.subscribe('probe', () => heard.add(instance)));
  await until(() => {
    void publisher.bus.publish('probe', 'ping').catch(() => undefined);
    return heard.size === instances.length;
  });
  for (const stop of stops) stop();
}

function fakeLog() {
  const log = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  return log as typeof log & FastifyBaseLogger;
}

let server: RedisServer | undefined;
const opened: SharedState[] = [];
beforeAll(async () => {
  if (hasRedisServer) server = await startRedisServer();
});
afterAll(async () => {
  await Promise.all(opened.map((state) => state.close()));
  await server?.stop();
});

async function redisState(log = fakeLog()): Promise<SharedState> {
  if (!server) throw new Error('Redis did not start');
  const state = createRedisSharedState(server.url, log);
  opened.push(state);
  expect(await waitUntilUp(state, 5_000)).toBe(true);
  return state;
}

/** Two instances: in memory the process is its only instance, so both are the same. */
const implementations = [
  {
    name: 'of one process',
    skip: false,
    instances: async (): Promise<[SharedState, SharedState]> => {
      const state = createMemorySharedState();
      return [state, state];
    },
  },
  {
    name: `over Redis ${hasRedisServer ? '' : NO_REDIS_SERVER}`,
    skip: !hasRedisServer,
    instances: async (): Promise<[SharedState, SharedState]> => [await redisState(), await redisState()],
  },
];

describe.each(implementations)('the message bus $name', ({ skip, instances }) => {
  it.skipIf(skip)(
    'delivers each message to every subscriber of its channel on every instance, and none after unsubscribing',
    async () => {
      const [one, other] = await instances();
      const first: string[] = [];
      const second: string[] = [];
      const elsewhere: string[] = [];
      const stopFirst = other.bus.subscribe('cache', (message) => first.push(message));
      one.bus.subscribe('cache', (message) => second.push(message));
      other.bus.subscribe('elsewhere', (message) => elsewhere.push(message));
      await subscribed(one, one, other);
      await one.bus.publish('cache', 'one');
      await until(() => first.includes('one') && second.includes('one'));
      stopFirst();
      await other.bus.publish('cache', 'two');
      await until(() => second.includes('two'));
      expect(first).toEqual(['one']);
      expect(second).toEqual(['one', 'two']);
      expect(elsewhere).toEqual([]);
    },
  );

  it.skipIf(skip)('is up, and names each instance differently from the others', async () => {
    const [one, other] = await instances();
    expect(one.up()).toBe(true);
    if (one !== other) expect(one.instanceId).not.toBe(other.instanceId);
  });
});

describe('the shared state in memory', () => {
  it('has no Redis and gives each limiter its own counters', async () => {
    const state = createMemorySharedState();
    expect(state.kind).toBe('memory');
    expect(state.redis).toBeNull();
    await state.rateLimitStore('one').hit('key', 60_000);
    expect((await state.rateLimitStore('one').hit('key', 60_000)).count).toBe(1);
  });
});

describe.skipIf(!hasRedisServer)(
  `the shared state over Redis ${hasRedisServer ? '' : NO_REDIS_SERVER}`,
  () => {
    it('counts one limiter across instances, each limiter on its own', async () => {
      const [one, other] = [await redisState(), await redisState()];
      expect(one.kind).toBe('redis');
      expect(one.redis).not.toBeNull();
      await one.rateLimitStore('login').hit('ann@example.test', 60_000);
      expect((await other.rateLimitStore('login').hit('ann@example.test', 60_000)).count).toBe(2);
      expect((await other.rateLimitStore('codes').hit('ann@example.test', 60_000)).count).toBe(1);
    });

    it('subscribes once Redis answers when an instance starts during an outage', async () => {
      if (!server) throw new Error('Redis did not start');
      await server.stop(true);
      const late = createRedisSharedState(server.url, fakeLog());
      opened.push(late);
      const heard: string[] = [];
      late.bus.subscribe('news', (message) => heard.push(message));
      expect(late.up()).toBe(false);
      // Several failed reconnections (the subscriber's follow the same schedule as the command
      // connection's, counted here): the subscription must outlive them.
      let reconnections = 0;
      late.redis?.on('reconnecting', () => reconnections++);
      await until(() => reconnections >= 4);
      await server.start();
      const other = await redisState();
      await until(() => late.up(), 10_000);
      await until(() => {
        void other.bus.publish('news', 'hello').catch(() => undefined);
        return heard.includes('hello');
      });
    });

    it('says it is down when Redis goes away, counts in memory meanwhile, and is shared again once it is back', async () => {
      if (!server) throw new Error('Redis did not start');
      const log = fakeLog();
      const one = await redisState(log);
      const other = await redisState();
      // The first connection is news at info; neither an outage nor a return was seen.
      expect(log.info).toHaveBeenCalledWith('Redis connected');
      expect(log.warn).not.toHaveBeenCalled();
      const heard: string[] = [];
      other.bus.subscribe('news', (message) => heard.push(message));
      await subscribed(one, other);
      const limiter = one.rateLimitStore('outage');
      await limiter.hit('key', 60_000);

      await server.stop(true);
      await until(() => !one.up() && !other.up());
      expect(log.warn).toHaveBeenCalledWith(expect.stringMatching(/Redis went away/));
      // The limit still counts, from zero, in this instance's memory; nothing throws.
      expect((await limiter.hit('key', 60_000)).count).toBe(1);
      expect((await limiter.hit('key', 60_000)).count).toBe(2);
      await expect(one.bus.publish('news', 'lost')).rejects.toThrow();

      await server.start();
      await until(() => one.up() && other.up(), 10_000);
      expect(log.warn).toHaveBeenCalledWith(expect.stringMatching(/Redis is back/));
      // Redis came back empty: the shared count starts again, and both instances see it.
      expect((await limiter.hit('key', 60_000)).count).toBe(1);
      expect((await other.rateLimitStore('outage').hit('key', 60_000)).count).toBe(2);
      // The subscriber subscribed again by itself.
      await until(() => {
        void one.bus.publish('news', 'back').catch(() => undefined);
        return heard.includes('back');
      });
    });
  },
);

describe('keptUntilWritten', () => {
  /** Just what keptUntilWritten reads of an app: its shared state and the close hook. */
  const fakeApp = () =>
    ({
      shared: createMemorySharedState(),
      addHook: () => undefined,
      log: fakeLog(),
    }) as unknown as FastifyInstance;

  it('reads once, forgets at a write, reads again past the bound, and keeps no failed read', async () => {
    let stored = 'first';
    let reads = 0;
    let failNext = false;
    const kept = keptUntilWritten(
      fakeApp(),
      'test-kept',
      async () => {
        reads += 1;
        if (failNext) {
          failNext = false;
          throw new Error('the database is away');
        }
        return stored;
      },
      2_000,
    );
    expect(await kept.current()).toBe('first');
    stored = 'second';
    expect(await kept.current()).toBe('first');
    expect(reads).toBe(1);
    kept.written();
    expect(await kept.current()).toBe('second');
    expect(reads).toBe(2);
    stored = 'third';
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 2_001);
      expect(await kept.current()).toBe('third');
      expect(reads).toBe(3);
    } finally {
      vi.useRealTimers();
    }
    kept.written();
    failNext = true;
    await expect(kept.current()).rejects.toThrow('the database is away');
    expect(await kept.current()).toBe('third');
    expect(reads).toBe(5);
  });
});

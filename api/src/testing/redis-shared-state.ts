// A SharedState over a test Redis, for the presence and streams tests of several instances. Kept
// minimal on purpose: plugins/shared.ts gets the server's own (createRedisSharedState, issue 29),
// which replaces this helper once both are merged.
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import type { SharedState } from '../plugins/shared';

export interface TestRedisSharedState extends SharedState {
  redis: Redis;
  /** Closes both connections (as plugins/shared.ts's `close`). */
  close(): Promise<void>;
}

export async function createTestRedisSharedState(url: string): Promise<TestRedisSharedState> {
  // Reconnects quickly (tests stop and start Redis); commands fail at once while it is away.
  const options = {
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => 100,
    lazyConnect: true,
  };
  const redis = new Redis(url, options);
  const subscriber = new Redis(url, { ...options, enableOfflineQueue: true });
  // Errors are the outage the tests cause; the stores say so themselves.
  redis.on('error', () => {});
  subscriber.on('error', () => {});
  await Promise.all([redis.connect(), subscriber.connect()]);
  const handlers = new Map<string, Set<(message: string) => void>>();
  subscriber.on('message', (channel: string, message: string) => {
    for (const handler of handlers.get(channel) ?? []) handler(message);
  });
  return {
    kind: 'redis',
    instanceId: randomBytes(8).toString('hex'),
    redis,
    up: () => redis.status === 'ready',
    bus: {
      async publish(channel, message) {
        await redis.publish(channel, message);
      },
      subscribe(channel, handler) {
        let set = handlers.get(channel);
        if (!set) {
          set = new Set();
          handlers.set(channel, set);
          void subscriber.subscribe(channel).catch(() => {});
        }
        set.add(handler);
        return () => {
          set.delete(handler);
        };
      },
    },
    async close() {
      redis.disconnect();
      subscriber.disconnect();
    },
  };
}

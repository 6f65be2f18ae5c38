// What several API instances share (issue 29): a message bus between instances and, when
// REDIS_URL names one, the Redis connection the shared stores use. Without Redis (the embedded
// default, one instance) the bus delivers within this process and every store keeps its state in
// memory, behind the same interfaces.
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import {
  createMemoryRateLimitStore,
  createRedisRateLimitStore,
  createResilientRateLimitStore,
  type RateLimitStore,
} from '../lib/rate-limit-store';
import { REDIS_KEY_PREFIX } from '../lib/redis-scripts';

/** A message to every instance (this one included) on a named channel. */
export interface MessageBus {
  /** Sends `message` to every subscriber of `channel` on every instance. */
  publish(channel: string, message: string): Promise<void>;
  /** Calls `handler` with each message on `channel`; answers the function that unsubscribes. */
  subscribe(channel: string, handler: (message: string) => void): () => void;
}

export interface SharedState {
  /** 'memory': this process alone; 'redis': shared through REDIS_URL. */
  kind: 'memory' | 'redis';
  /** This instance's random id: a message it published carries it, so it can skip its own. */
  instanceId: string;
  bus: MessageBus;
  /** Whether the shared store answers now (always true in memory); false during an outage. */
  up(): boolean;
  /**
   * Redis's command connection for the shared stores (null in memory). It does not queue commands
   * while Redis is away: they fail at once, and a store falls back or says so.
   */
  redis: Redis | null;
  /**
   * The counters of one limiter, named so the keys of two limiters never meet: a fresh store in
   * memory, else Redis's, falling back to memory while Redis is away.
   */
  rateLimitStore(name: string): RateLimitStore;
  /** Closes the connections (nothing in memory). */
  close(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    shared: SharedState;
  }
}

/** The bus of one process: every instance is this one. */
export function createMemoryBus(): MessageBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(channel, message) {
      emitter.emit(channel, message);
    },
    subscribe(channel, handler) {
      emitter.on(channel, handler);
      return () => emitter.off(channel, handler);
    },
  };
}

export function createMemorySharedState(): SharedState {
  return {
    kind: 'memory',
    instanceId: randomBytes(8).toString('hex'),
    bus: createMemoryBus(),
    up: () => true,
    redis: null,
    rateLimitStore: () => createMemoryRateLimitStore(),
    close: async () => undefined,
  };
}

/** Every key and channel the API writes in Redis starts with this (a shared Redis stays tidy). */
const PREFIX = REDIS_KEY_PREFIX;

/** Reconnection every 100 ms more, at most 2 s apart: back within seconds of Redis's return. */
const retryStrategy = (times: number) => Math.min(times * 100, 2_000);

/**
 * Shared through the Redis at `url`, on two connections: commands (the stores, PUBLISH) and the
 * subscriber (a connection that subscribes can do nothing else). Neither queues commands while
 * Redis is away, so a limiter falls back at once instead of holding the request; the subscriber
 * subscribes again by itself when it is back. The outage and the return are logged once each.
 */
export function createRedisSharedState(url: string, log: FastifyBaseLogger): SharedState {
  const options = {
    retryStrategy,
    enableOfflineQueue: false,
    // A command under way when the connection drops fails too, instead of waiting for the return.
    maxRetriesPerRequest: 0,
    // A Redis that stops answering without closing the connection counts as gone too.
    commandTimeout: 2_000,
    connectionName: 'classifieds-api',
  };
  const command = new Redis(url, options);
  // Subscriptions made before the first connection wait for it (the offline queue), then
  // ioredis renews them after every reconnection (autoResubscribe).
  // They wait as long as it takes (maxRetriesPerRequest null): a subscription made during an
  // outage, by an instance started meanwhile, must not be dropped after a few failed reconnections.
  const { commandTimeout: _, ...subscriberOptions } = options;
  const subscriber = new Redis(url, {
    ...subscriberOptions,
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
  });
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let closing = false;
  let wasUp = false;
  let everUp = false;

  const up = () => command.status === 'ready' && subscriber.status === 'ready';
  function noteState(): void {
    if (closing) return;
    const now = up();
    if (now === wasUp) return;
    wasUp = now;
    // At warn: an operator running at the default level sees when it went and when it came back.
    if (now && !everUp) log.info('Redis connected');
    else if (now) log.warn('Redis is back: shared state again');
    else log.warn('Redis went away: limits count in memory, caches clear on this instance only');
    everUp ||= now;
  }
  for (const connection of [command, subscriber]) {
    connection.on('ready', noteState);
    connection.on('close', noteState);
    connection.on('end', noteState);
    // ioredis emits an error for every failed reconnection; the state change above says it once.
    connection.on('error', (error) => {
      if (wasUp || !everUp) log.debug({ err: error }, 'Redis connection error');
    });
  }

  subscriber.on('message', (channel: string, message: string) => {
    emitter.emit(channel.slice(PREFIX.length + 4), message);
  });

  const bus: MessageBus = {
    async publish(channel, message) {
      await command.publish(`${PREFIX}bus:${channel}`, message);
    },
    subscribe(channel, handler) {
      if (emitter.listenerCount(channel) === 0) {
        subscriber.subscribe(`${PREFIX}bus:${channel}`).catch((error: unknown) => {
          log.error({ err: error, channel }, 'Redis subscription failed');
        });
      }
      emitter.on(channel, handler);
      return () => {
        emitter.off(channel, handler);
        if (emitter.listenerCount(channel) === 0 && !closing) {
          subscriber.unsubscribe(`${PREFIX}bus:${channel}`).catch(() => undefined);
        }
      };
    },
  };

  return {
    kind: 'redis',
    instanceId: randomBytes(8).toString('hex'),
    bus,
    up,
    redis: command,
    rateLimitStore: (name) =>
      createResilientRateLimitStore(createRedisRateLimitStore(command, `${PREFIX}rl:${name}:`), up, log),
    async close() {
      closing = true;
      emitter.removeAllListeners();
      // quit() waits for Redis's answer; during an outage there is none, so disconnect.
      await Promise.all(
        [command, subscriber].map((connection) =>
          connection.status === 'ready'
            ? connection.quit().catch(() => connection.disconnect())
            : connection.disconnect(),
        ),
      );
    },
  };
}

/** Waits until Redis answers (or `timeoutMs` passes): false when it did not, and the app starts anyway. */
export async function waitUntilUp(state: SharedState, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!state.up()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return true;
}

/**
 * A cache's clear for every instance, the one place caches are cleared across instances: the
 * answer clears this instance's at once and tells the others on the bus `channel`, and each clears
 * its own when told (within a second; the bus takes milliseconds). An instance skips its own
 * message. While Redis is away only this instance clears; the others' pages age out as before.
 */
export function clearEverywhere(
  fastify: FastifyInstance,
  channel: string,
  clearHere: () => void,
): () => void {
  const { shared } = fastify;
  const unsubscribe = shared.bus.subscribe(channel, (from) => {
    if (from !== shared.instanceId) clearHere();
  });
  fastify.addHook('onClose', async () => unsubscribe());
  return () => {
    clearHere();
    if (shared.kind === 'memory' || !shared.up()) return;
    shared.bus.publish(channel, shared.instanceId).catch((error: unknown) => {
      fastify.log.warn({ err: error, channel }, 'a cache clear did not reach the other instances');
    });
  };
}

/**
 * A value read from the database and kept until a write is heard of: `written()` (called after a
 * committed write) forgets it here at once and tells the other instances on the bus `channel`,
 * which forget theirs within milliseconds; none is kept past `rereadMs` either, the bound for a
 * change made where this instance cannot hear it (the bus down, a hand edit of the database). A
 * failed read is not kept: the next caller reads again. For values read on every page load that
 * change a few times a day (the releases' channels, the header's slogan).
 */
export function keptUntilWritten<T>(
  fastify: FastifyInstance,
  channel: string,
  read: () => Promise<T>,
  rereadMs: number,
): { current(): Promise<T>; written(): void } {
  let known: { at: number; value: Promise<T> } | null = null;
  const written = clearEverywhere(fastify, channel, () => {
    known = null;
  });
  return {
    current() {
      const now = Date.now();
      if (!known || now - known.at > rereadMs) {
        const entry = { at: now, value: read() };
        known = entry;
        entry.value.catch(() => {
          if (known === entry) known = null;
        });
      }
      return known.value;
    },
    written,
  };
}

export interface SharedPluginOptions {
  /** A shared state made by the caller (tests), who also closes it. */
  state?: SharedState | undefined;
  /** REDIS_URL: shared through this Redis (closed with the app); else in memory. */
  redisUrl?: string | undefined;
}

/** How long a starting instance waits for Redis before it serves anyway (in memory for now). */
const FIRST_CONNECTION_MS = 5_000;

export const sharedPlugin = fp<SharedPluginOptions>(
  async (fastify, options) => {
    if (options.state) {
      fastify.decorate('shared', options.state);
      return;
    }
    if (!options.redisUrl) {
      fastify.decorate('shared', createMemorySharedState());
      return;
    }
    const state = createRedisSharedState(options.redisUrl, fastify.log);
    fastify.decorate('shared', state);
    fastify.addHook('onClose', () => state.close());
    // Readiness (GET /api/ready, registered before) says whether Redis answers.
    if (fastify.hasDecorator('readiness')) fastify.readiness.add('redis', async () => state.up());
    // An instance started during an outage still serves; it joins the others once Redis answers.
    if (!(await waitUntilUp(state, FIRST_CONNECTION_MS))) {
      fastify.log.error('Redis does not answer at REDIS_URL: serving from memory until it does');
    }
  },
  { name: 'shared' },
);

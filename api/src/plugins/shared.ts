// What several API instances share (issue 29): a message bus between instances and, when
// REDIS_URL names one, the Redis connection the shared stores use. Without Redis (the embedded
// default, one instance) the bus delivers within this process and every store keeps its state in
// memory, behind the same interfaces.
import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

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
  /** The command connection the shared stores use (presence, streams); null in memory. */
  redis: Redis | null;
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
  };
}

export interface SharedPluginOptions {
  /** A shared state made by the caller (tests); else one in memory. */
  state?: SharedState | undefined;
}

export const sharedPlugin = fp<SharedPluginOptions>(
  async (fastify, options) => {
    fastify.decorate('shared', options.state ?? createMemorySharedState());
  },
  { name: 'shared' },
);

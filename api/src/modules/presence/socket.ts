import { randomUUID } from 'node:crypto';
// For the type of `config.rateLimit`.
import type {} from '@fastify/rate-limit';
import type { WebSocket } from '@fastify/websocket';
import fp from 'fastify-plugin';
import { createMemoryPresenceStore, type PresenceStore } from './store';

/** Browsers answer pings by themselves; a socket that missed one is gone (sleeping laptop, lost network). */
const HEARTBEAT_MS = 30_000;

declare module 'fastify' {
  interface FastifyInstance {
    presence: PresenceStore;
  }
}

export interface PresenceOptions {
  store?: PresenceStore;
  heartbeatMs?: number;
}

/**
 * The presence socket GET /ws/online: each open socket is one browser on the site (the client
 * keeps one per browser across tabs). Nothing is sent and incoming messages are ignored; the
 * count is read over HTTP (GET /api/online-count).
 */
export const presencePlugin = fp<PresenceOptions>(
  async (fastify, options) => {
    const store = options.store ?? createMemoryPresenceStore();
    fastify.decorate('presence', store);
    const alive = new Map<WebSocket, boolean>();

    fastify.get(
      '/ws/online',
      {
        websocket: true,
        config: {
          // The rate limiter would count every upgrade and reconnect; one socket costs nothing.
          rateLimit: false,
          docs: {
            summary: 'WebSocket: counts this browser as online while open; sends nothing, ignores messages',
            tags: ['presence'],
            responses: { 101: 'Switching Protocols' },
          },
        },
      },
      (socket) => {
        const id = randomUUID();
        alive.set(socket, true);
        socket.on('pong', () => alive.set(socket, true));
        // A close can come before the store has answered; removing waits for the add.
        const added = store.add(id).catch((error: unknown) => {
          fastify.log.error({ err: error }, 'presence: could not count a socket');
        });
        socket.on('close', () => {
          alive.delete(socket);
          void added
            .then(() => store.remove(id))
            .catch((error: unknown) =>
              fastify.log.error({ err: error }, 'presence: could not uncount a socket'),
            );
        });
      },
    );

    const heartbeat = setInterval(() => {
      for (const [socket, answered] of alive) {
        if (!answered) {
          socket.terminate();
          continue;
        }
        alive.set(socket, false);
        socket.ping();
      }
    }, options.heartbeatMs ?? HEARTBEAT_MS);
    heartbeat.unref();
    fastify.addHook('onClose', async () => clearInterval(heartbeat));
  },
  { name: 'presence', dependencies: ['@fastify/websocket'] },
);

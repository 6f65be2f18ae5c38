import { randomUUID } from 'node:crypto';
// For the type of `config.rateLimit`.
import type {} from '@fastify/rate-limit';
import type { WebSocket } from '@fastify/websocket';
import fp from 'fastify-plugin';
import { createPresenceRepository } from './repository';
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

/** What a browser may say on the socket: whether any of its tabs shows the model's cabinet. */
function cabinetMessage(data: unknown): boolean | null {
  try {
    const parsed = JSON.parse(String(data)) as unknown;
    if (parsed && typeof parsed === 'object' && 'cabinet' in parsed && typeof parsed.cabinet === 'boolean') {
      return parsed.cabinet;
    }
  } catch {
    // not ours
  }
  return null;
}

/**
 * The presence socket GET /ws/online: each open socket is one browser on the site (the client
 * keeps one per browser across tabs); the count is read over HTTP (GET /api/online-count).
 * A signed-in model's browser says `{"cabinet": true|false}` as her cabinet tabs open and
 * close: her profiles are online while one is open. Nothing is sent; anything else is ignored.
 */
export const presencePlugin = fp<PresenceOptions>(
  async (fastify, options) => {
    const store = options.store ?? createMemoryPresenceStore();
    fastify.decorate('presence', store);
    // Without a database (the plugin alone, in its tests) there are no profiles to mark.
    const profiles = fastify.hasDecorator('db') ? createPresenceRepository(fastify.db) : null;
    const setCabinetOpen = (accountId: number, open: boolean) =>
      profiles?.setCabinetOpen(accountId, open).catch((error: unknown) => {
        fastify.log.error({ err: error }, 'presence: could not mark a profile online or offline');
      });
    fastify.addHook('onReady', async () => {
      await profiles?.resetOwnedProfiles();
    });
    const alive = new Map<WebSocket, boolean>();

    fastify.get(
      '/ws/online',
      {
        websocket: true,
        // Origin, open sockets per address and in all, upgrades per address: see socket-limits.ts.
        onRequest: fastify.socketLimits(),
        // The HTTP rate limiter is not for sockets: the socket limits count upgrades.
        config: { rateLimit: false },
        schema: {
          summary: 'WebSocket: counts this browser as online while open; sends nothing, ignores messages',
          description: 'Answers 101 Switching Protocols to a WebSocket upgrade; a plain GET is refused.',
          tags: ['presence'],
        },
      },
      (socket, request) => {
        const id = randomUUID();
        const model = request.auth?.accountType === 'girl' ? request.auth.accountId : null;
        alive.set(socket, true);
        socket.on('pong', () => alive.set(socket, true));
        // A close can come before the store has answered; removing waits for the add.
        const added = store.add(id).catch((error: unknown) => {
          fastify.log.error({ err: error }, 'presence: could not count a socket');
        });
        // Messages are applied in order, each after the previous one and after the add.
        let applied: Promise<unknown> = added;
        if (model !== null) {
          socket.on('message', (data) => {
            const open = cabinetMessage(data);
            if (open === null) return;
            applied = applied
              .then(() => store.markCabinet(id, model, open))
              .then((result) => (result.changed ? setCabinetOpen(model, result.open) : undefined))
              .catch((error: unknown) =>
                fastify.log.error({ err: error }, 'presence: could not apply a message'),
              );
          });
        }
        socket.on('close', () => {
          alive.delete(socket);
          void applied
            .then(() => store.remove(id))
            .then(({ accountClosed }) =>
              accountClosed === null ? undefined : setCabinetOpen(accountClosed, false),
            )
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
  { name: 'presence', dependencies: ['@fastify/websocket', 'socket-limits'] },
);

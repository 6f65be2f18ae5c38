import { randomUUID } from 'node:crypto';
// For the type of `config.rateLimit`.
import type {} from '@fastify/rate-limit';
import type { WebSocket } from '@fastify/websocket';
import fp from 'fastify-plugin';
import { createStreamRepository } from '../streams/repository';
import { createRedisPresenceStore } from './redis-store';
import { createPresenceRepository } from './repository';
import { createMemoryPresenceStore, type PresenceStore } from './store';

/** Browsers answer pings by themselves; a socket that missed one is gone (sleeping laptop, lost network). */
const HEARTBEAT_MS = 30_000;
/** One account's profiles are written at most this often, whatever her sockets say meanwhile. */
const CABINET_WRITE_INTERVAL_MS = 500;
/** The live figure goes out at most this often, whatever changes meanwhile. */
const STREAMING_PUSH_INTERVAL_MS = 1_000;
/** Visibility changes no stream tells of (a profile's paid time ending): the figure is recounted this often. */
const STREAMING_RECOUNT_MS = 15_000;
/** The bus channel on which an instance says the live figure may have changed. */
const STREAMING_CHANNEL = 'presence:streaming-changed';

declare module 'fastify' {
  interface FastifyInstance {
    presence: PresenceStore;
    /**
     * The number of live streams may have changed (one started or ended, a profile was blocked):
     * every presence socket gets the new figure within STREAMING_PUSH_INTERVAL_MS.
     */
    streamingChanged(): void;
  }
}

export interface PresenceOptions {
  store?: PresenceStore;
  heartbeatMs?: number;
  /** The least time between two writes of one account's profiles (half a second). */
  cabinetWriteIntervalMs?: number;
  /** The live streams of visible profiles (by default counted in the database). */
  streamingCount?: () => Promise<number>;
  /** The least time between two pushes of the live figure (a second). */
  streamingPushIntervalMs?: number;
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
 * close: her profiles are online while one is open. Anything else is ignored. The server sends
 * one thing: the header's live figure, `{"streaming": n}`, on connect and whenever it changes
 * (at most once a second).
 * A socket may send `messagesPerSocket` messages a minute (the socket limits) and is closed past
 * them; the database follows the latest state only, at most twice a second per account.
 */
export const presencePlugin = fp<PresenceOptions>(
  async (fastify, options) => {
    // Without a database (the plugin alone, in its tests) there are no profiles to mark.
    const profiles = fastify.hasDecorator('db') ? createPresenceRepository(fastify.db) : null;
    const shared = fastify.hasDecorator('shared') ? fastify.shared : null;
    // With Redis every instance counts every instance's sockets; an instance that dies stops
    // counting, and the cabinets that were open only on it close (its models' profiles go offline).
    const store =
      options.store ??
      (shared?.redis
        ? createRedisPresenceStore({
            redis: shared.redis,
            instanceId: shared.instanceId,
            log: fastify.log,
            onAccountsClosed: (accounts) => {
              for (const accountId of accounts) void setCabinetOpen(accountId, false);
            },
          })
        : createMemoryPresenceStore());
    fastify.decorate('presence', store);
    const writeIntervalMs = options.cabinetWriteIntervalMs ?? CABINET_WRITE_INTERVAL_MS;
    /** Per account: the state her profiles should have, and the writer that is bringing them there. */
    const wanted = new Map<number, boolean>();
    const writers = new Map<number, Promise<void>>();
    let closing = false;
    const pause = () =>
      new Promise<void>((resolve) => {
        if (closing) return resolve();
        setTimeout(resolve, writeIntervalMs).unref();
      });
    /**
     * Brings the account's profiles to `open`. Writes are coalesced: one writer per account writes
     * the latest wanted state, waits the interval and writes again only if it changed meanwhile,
     * so a flood of toggles costs one write per interval at most, and the last state always lands.
     */
    const setCabinetOpen = (accountId: number, open: boolean): Promise<void> => {
      wanted.set(accountId, open);
      const running = writers.get(accountId);
      if (running) return running;
      const writer = (async () => {
        let written: boolean | undefined;
        for (
          let next = wanted.get(accountId);
          next !== undefined && next !== written;
          next = wanted.get(accountId)
        ) {
          try {
            await profiles?.setCabinetOpen(accountId, next);
          } catch (error) {
            fastify.log.error({ err: error }, 'presence: could not mark a profile online or offline');
          }
          written = next;
          await pause();
        }
        wanted.delete(accountId);
        writers.delete(accountId);
      })();
      writers.set(accountId, writer);
      return writer;
    };
    fastify.addHook('onReady', async () => {
      if (!profiles) return;
      if (shared?.kind !== 'redis') return profiles.resetOwnedProfiles([]);
      // Other instances may be running: the cabinets open on them stay as they are.
      try {
        await profiles.resetOwnedProfiles(await store.openCabinets());
      } catch (error) {
        fastify.log.warn({ err: error }, 'presence: Redis did not say which cabinets are open; none reset');
      }
    });
    const alive = new Map<WebSocket, boolean>();

    // The live figure: counted when something says it changed (at most once per interval, the
    // last change always counted), and pushed to every socket when it differs from the last one.
    const streamingCount =
      options.streamingCount ??
      (fastify.hasDecorator('db') ? createStreamRepository(fastify.db).liveCount : async () => 0);
    const pushIntervalMs = options.streamingPushIntervalMs ?? STREAMING_PUSH_INTERVAL_MS;
    let streaming: number | null = null;
    let recount: NodeJS.Timeout | null = null;
    let recountAgain = false;
    let lastRecountAt = 0;
    const sendStreaming = (socket: WebSocket, n: number) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ streaming: n }));
    };
    const countStreaming = async () => {
      try {
        const n = await streamingCount();
        if (n !== streaming) {
          streaming = n;
          for (const socket of alive.keys()) sendStreaming(socket, n);
        }
      } catch (error) {
        fastify.log.error({ err: error }, 'presence: could not count the live streams');
      }
    };
    const recountHere = () => {
      if (closing) return;
      if (recount) {
        recountAgain = true;
        return;
      }
      const wait = Math.max(0, lastRecountAt + pushIntervalMs - Date.now());
      recount = setTimeout(async () => {
        lastRecountAt = Date.now();
        await countStreaming();
        recount = null;
        if (recountAgain) {
          recountAgain = false;
          recountHere();
        }
      }, wait);
      recount.unref();
    };
    // A stream started or ended on another instance changes this one's figure too: every instance
    // recounts (the database is shared); this one at once, the others when the bus brings it.
    const unsubscribe = shared?.bus.subscribe(STREAMING_CHANNEL, (from) => {
      if (from !== shared.instanceId) recountHere();
    });
    const streamingChanged = () => {
      recountHere();
      if (closing || shared?.kind !== 'redis') return;
      shared.bus
        .publish(STREAMING_CHANNEL, shared.instanceId)
        .catch((error: unknown) =>
          fastify.log.warn({ err: error }, 'presence: could not tell the other instances of the live figure'),
        );
    };
    fastify.decorate('streamingChanged', streamingChanged);
    const slowRecount = setInterval(() => {
      if (alive.size > 0) recountHere();
    }, STREAMING_RECOUNT_MS);
    slowRecount.unref();

    fastify.get(
      '/ws/online',
      {
        websocket: true,
        // Origin, open sockets per address and in all, upgrades per address: see socket-limits.ts.
        onRequest: fastify.socketLimits(),
        // The HTTP rate limiter is not for sockets: the socket limits count upgrades.
        config: { rateLimit: false },
        schema: {
          summary:
            'WebSocket: counts this browser as online while open; sends the live figure {"streaming": n} on connect and on change',
          description: 'Answers 101 Switching Protocols to a WebSocket upgrade; a plain GET is refused.',
          tags: ['presence'],
        },
      },
      (socket, request) => {
        const id = randomUUID();
        const model = request.auth?.accountType === 'girl' ? request.auth.accountId : null;
        alive.set(socket, true);
        socket.on('pong', () => alive.set(socket, true));
        if (streaming !== null) sendStreaming(socket, streaming);
        else {
          void streamingCount()
            .then((n) => {
              streaming ??= n;
              sendStreaming(socket, streaming);
            })
            .catch((error: unknown) =>
              fastify.log.error({ err: error }, 'presence: could not count the live streams'),
            );
        }
        // A close can come before the store has answered; removing waits for the add.
        const added = store.add(id).catch((error: unknown) => {
          fastify.log.error({ err: error }, 'presence: could not count a socket');
        });
        // Messages are applied after the add, the latest one only: while one is being applied,
        // those that arrive replace each other, and the next application takes the last.
        let applied: Promise<unknown> = added;
        const allowMessage = fastify.socketMessageLimit(socket);
        let latest: boolean | null = null;
        const applyLatest = async () => {
          const open = latest;
          latest = null;
          if (open === null || model === null) return;
          const result = await store.markCabinet(id, model, open);
          if (result.changed) void setCabinetOpen(model, result.open);
        };
        socket.on('message', (data) => {
          if (!allowMessage() || model === null) return;
          const open = cabinetMessage(data);
          if (open === null) return;
          const queued = latest !== null;
          latest = open;
          if (queued) return;
          applied = applied
            .then(applyLatest)
            .catch((error: unknown) =>
              fastify.log.error({ err: error }, 'presence: could not apply a message'),
            );
        });
        socket.on('close', () => {
          alive.delete(socket);
          void applied
            .then(() => store.remove(id))
            .then(({ accountClosed }) => {
              if (accountClosed !== null) void setCabinetOpen(accountClosed, false);
            })
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
    fastify.addHook('onClose', async () => {
      clearInterval(heartbeat);
      clearInterval(slowRecount);
      if (recount) clearTimeout(recount);
      // The writers finish without waiting out their interval, before the database closes.
      closing = true;
      unsubscribe?.();
      await Promise.all(writers.values());
      await store.dispose();
    });
  },
  { name: 'presence', dependencies: ['@fastify/websocket', 'socket-limits'] },
);

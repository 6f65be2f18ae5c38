import type { WebSocket } from '@fastify/websocket';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from './api-error';
import { clientAddressKey } from './client-address';
import { createMemoryRateLimitStore, type Limit, type RateLimitStore } from './rate-limit-store';

/**
 * Limits of a WebSocket route. EVERY socket route uses them (`onRequest: fastify.socketLimits()`,
 * see below): a socket is a long-lived connection that HTTP rate limits do not see once it is
 * open, so without these a single client could hold thousands of them.
 */
export interface SocketLimits {
  /** Open sockets of one route from one client address (see `clientAddressKey`). */
  perAddress: number;
  /** Open sockets of one route in all; past it upgrades answer 503 until one closes. */
  total: number;
  /** Upgrades of one route one client address may ask for in a window, refused or not. */
  upgradesPerAddress: Limit;
  /** Messages one open socket may send in a window; past it the socket is closed (1008). */
  messagesPerSocket: Limit;
}

export const DEFAULT_SOCKET_LIMITS: SocketLimits = {
  perAddress: 20,
  total: 10_000,
  upgradesPerAddress: { max: 60, windowSeconds: 60 },
  // A browser says a few words a minute (presence: a cabinet tab opened or closed).
  messagesPerSocket: { max: 30, windowSeconds: 60 },
};

/**
 * The defaults with the per-address limits multiplied (RATE_LIMIT_FACTOR: e2e runs and load tests
 * come from one address); the total is what the server can hold and is set on its own.
 */
export function scaledSocketLimits(factor: number, overrides: Partial<SocketLimits> = {}): SocketLimits {
  const scale = (max: number) => Math.max(1, Math.round(max * factor));
  return {
    perAddress: scale(DEFAULT_SOCKET_LIMITS.perAddress),
    total: DEFAULT_SOCKET_LIMITS.total,
    upgradesPerAddress: {
      ...DEFAULT_SOCKET_LIMITS.upgradesPerAddress,
      max: scale(DEFAULT_SOCKET_LIMITS.upgradesPerAddress.max),
    },
    messagesPerSocket: {
      ...DEFAULT_SOCKET_LIMITS.messagesPerSocket,
      max: scale(DEFAULT_SOCKET_LIMITS.messagesPerSocket.max),
    },
    ...overrides,
  };
}

export interface SocketLimitsOptions {
  limits?: Partial<SocketLimits> | undefined;
  /** The site's public URL (PUBLIC_URL): its origin may open sockets besides the request's own. */
  publicUrl?: string | undefined;
  /**
   * Counters of upgrades, by route and address; in memory by default, the shared state's
   * ('socketUpgrades') in the app, so several instances count one address's upgrades together.
   */
  upgradeStore?: RateLimitStore | undefined;
}

export type SocketLimitsHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * A fresh set of limits for one socket route, as its `onRequest` hook: refuses the upgrade
     * with 403 (another site's page), 429 (too many upgrades or open sockets from the address)
     * or 503 (the route is full) before anything is upgraded.
     */
    socketLimits(): SocketLimitsHook;
    /**
     * Counts the messages of one open socket (call it once per socket, then once per message):
     * false once the socket has sent more than `messagesPerSocket` in a window, and the socket
     * is then closed with 1008 (policy violation). A route ignores a message it is told false for.
     */
    socketMessageLimit(socket: WebSocket): () => boolean;
  }
}

function originOf(url: string): string | null {
  try {
    const { origin } = new URL(url);
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/**
 * Cross-site WebSocket hijacking: a page on another site may open a socket to us and the browser
 * sends our cookies with it. Browsers always send Origin with an upgrade, so a foreign one is
 * refused. A request without Origin is let in: only a non-browser client omits it, it can send
 * any Origin it likes anyway, and it has no visitor's cookies to borrow; the counts bound it.
 */
function originAllowed(request: FastifyRequest, publicOrigin: string | null): boolean {
  const sent = request.headers.origin;
  if (sent === undefined) return true;
  const origin = originOf(sent);
  if (origin === null) return false;
  return origin === publicOrigin || origin === originOf(`${request.protocol}://${request.host}`);
}

/** The limits of one route; each call has its own counts (the upgrade store may be shared). */
export function createSocketLimits(options: SocketLimitsOptions = {}): SocketLimitsHook {
  const limits = { ...DEFAULT_SOCKET_LIMITS, ...options.limits };
  const upgrades = options.upgradeStore ?? createMemoryRateLimitStore();
  const publicOrigin = options.publicUrl ? originOf(options.publicUrl) : null;
  const openPerAddress = new Map<string, number>();
  let openTotal = 0;

  return async (request, reply) => {
    // A plain GET is not a socket: the route answers it as it does.
    if (request.headers.upgrade?.toLowerCase() !== 'websocket') return;
    if (!originAllowed(request, publicOrigin)) throw new ApiError(403, 'FORBIDDEN');

    const address = clientAddressKey(request.ip);
    // Each route counts on its own, also when the store is one for every route.
    const { count, resetInMs } = await upgrades.hit(
      `${request.routeOptions.url}|${address}`,
      limits.upgradesPerAddress.windowSeconds * 1000,
    );
    if (count > limits.upgradesPerAddress.max) {
      reply.header('retry-after', Math.max(1, Math.ceil(resetInMs / 1000)));
      throw new ApiError(429, 'RATE_LIMITED');
    }
    const fromAddress = openPerAddress.get(address) ?? 0;
    if (fromAddress >= limits.perAddress) {
      reply.header('retry-after', 60);
      throw new ApiError(429, 'RATE_LIMITED');
    }
    if (openTotal >= limits.total) {
      // Not this client's fault: the server is full for now.
      reply.header('retry-after', 60);
      throw new ApiError(503, 'RATE_LIMITED');
    }

    // The place is taken now (parallel upgrades cannot all slip through) and given back when
    // the connection closes, whether the upgrade succeeded or not.
    openPerAddress.set(address, fromAddress + 1);
    openTotal++;
    request.raw.socket.once('close', () => {
      openTotal--;
      const left = (openPerAddress.get(address) ?? 1) - 1;
      if (left > 0) openPerAddress.set(address, left);
      else openPerAddress.delete(address);
    });
  };
}

/**
 * The messages of one socket in fixed windows. Past the limit the socket is closed: a browser
 * that floods it is broken or hostile, and its reconnection counts against the upgrade limit.
 */
export function createMessageLimit(socket: WebSocket, limit: Limit): () => boolean {
  let windowEndsAt = 0;
  let count = 0;
  let over = false;
  return () => {
    if (over) return false;
    const now = Date.now();
    if (now >= windowEndsAt) {
      windowEndsAt = now + limit.windowSeconds * 1000;
      count = 0;
    }
    count++;
    if (count <= limit.max) return true;
    over = true;
    socket.close(1008, 'Too many messages');
    return false;
  };
}

/**
 * Configures the socket limits once for the server (app.ts); socket plugins depend on
 * 'socket-limits' and give each route `onRequest: fastify.socketLimits()`.
 */
export const socketLimitsPlugin = fp<SocketLimitsOptions>(
  async (fastify, options) => {
    // The shared state's counters when the app has one (tests of a socket alone may not).
    const upgradeStore =
      options.upgradeStore ??
      (fastify.hasDecorator('shared') ? fastify.shared.rateLimitStore('socketUpgrades') : undefined);
    fastify.decorate('socketLimits', () => createSocketLimits({ ...options, upgradeStore }));
    const messages = options.limits?.messagesPerSocket ?? DEFAULT_SOCKET_LIMITS.messagesPerSocket;
    fastify.decorate('socketMessageLimit', (socket: WebSocket) => createMessageLimit(socket, messages));
  },
  { name: 'socket-limits' },
);

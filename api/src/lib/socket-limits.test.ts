import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import fastifyWebsocket, { type WebSocket } from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import {
  createMemorySharedState,
  createRedisSharedState,
  type SharedState,
  waitUntilUp,
} from '../plugins/shared';
import { hasRedisServer, NO_REDIS_SERVER, type RedisServer, startRedisServer } from '../testing/redis-server';
import { closeWebSocket, eventually, openWebSocket } from '../testing/websocket-client';
import {
  DEFAULT_SOCKET_LIMITS,
  type SocketLimitsOptions,
  scaledSocketLimits,
  socketLimitsPlugin,
} from './socket-limits';

const apps: FastifyInstance[] = [];
const sockets: WebSocket[] = [];

afterEach(async () => {
  await Promise.all(sockets.splice(0).map(closeWebSocket));
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

/** A bare server with one limited socket route, trusting X-Forwarded-For so a test picks the client. */
async function serve(options: SocketLimitsOptions = {}, shared?: SharedState) {
  const app = Fastify({ trustProxy: true });
  apps.push(app);
  // What instances share, as the app decorates it (plugins/shared.ts): the upgrades count there.
  if (shared) app.decorate('shared', shared);
  await app.register(fastifyWebsocket);
  await app.register(socketLimitsPlugin, options);
  let open = 0;
  app.get('/ws/test', { websocket: true, onRequest: app.socketLimits() }, (socket) => {
    open++;
    socket.on('close', () => open--);
  });
  const base = await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `${base.replace('http://', 'ws://')}/ws/test`;
  return { base, url, open: () => open };
}

async function connect(url: string, headers: Record<string, string> = {}): Promise<WebSocket> {
  const socket = await openWebSocket(url, { headers });
  sockets.push(socket);
  return socket;
}

/** The answer to an upgrade the server refuses: status and headers, never a socket. */
function refusal(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders }>((resolve, reject) => {
    const request = httpRequest(url.replace('ws://', 'http://'), {
      // A connection of its own: the server closes it after refusing.
      agent: false,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        ...headers,
      },
    });
    request.on('upgrade', (_response, socket) => {
      socket.destroy();
      reject(new Error('the server upgraded'));
    });
    request.on('response', (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, headers: response.headers });
    });
    request.on('error', reject);
    request.end();
  });
}

describe('socket limits: origin', () => {
  it("accepts the site's own origin (the Host with the request's scheme)", async () => {
    const { base, url } = await serve();
    await connect(url, { origin: base });
  });

  it("accepts PUBLIC_URL's origin, for a proxy that rewrites Host", async () => {
    const { url } = await serve({ publicUrl: 'https://anketa.example/some/path' });
    await connect(url, { origin: 'https://anketa.example' });
    await connect(url, { origin: 'https://ANKETA.example:443' });
  });

  it('refuses another site with 403 before upgrading', async () => {
    const { base, url, open } = await serve({ publicUrl: 'https://anketa.example' });
    const port = new URL(base).port;
    for (const origin of [
      'https://evil.example',
      'null',
      'http://anketa.example',
      `https://127.0.0.1:${port}`,
      `http://127.0.0.1:${Number(port) + 1}`,
      'not a url',
    ]) {
      expect((await refusal(url, { origin })).status, origin).toBe(403);
    }
    expect(open()).toBe(0);
  });

  it('lets a client without an Origin header in: only browsers send one, and they always do', async () => {
    const { url } = await serve();
    await connect(url);
  });
});

describe('socket limits: counts', () => {
  it('caps the open sockets of one client address with 429, and frees a place when one closes', async () => {
    const { url, open } = await serve({ limits: { perAddress: 2 } });
    const client = { 'x-forwarded-for': '203.0.113.10' };
    const first = await connect(url, client);
    await connect(url, client);
    const refused = await refusal(url, client);
    expect(refused.status).toBe(429);
    // Another address is not affected.
    await connect(url, { 'x-forwarded-for': '203.0.113.11' });
    await eventually(() => expect(open()).toBe(3));

    await closeWebSocket(first);
    await eventually(async () => {
      await connect(url, client);
    });
  });

  it('counts an IPv6 /64 as one address, and an IPv4-mapped address as the IPv4 one', async () => {
    const { url } = await serve({ limits: { perAddress: 1 } });
    await connect(url, { 'x-forwarded-for': '2001:db8:1:2::1' });
    expect((await refusal(url, { 'x-forwarded-for': '2001:db8:1:2::ffff' })).status).toBe(429);
    await connect(url, { 'x-forwarded-for': '2001:db8:1:3::1' });
    await connect(url, { 'x-forwarded-for': '198.51.100.1' });
    expect((await refusal(url, { 'x-forwarded-for': '::ffff:198.51.100.1' })).status).toBe(429);
  });

  it('caps all open sockets of the route', async () => {
    const { url } = await serve({ limits: { total: 2 } });
    await connect(url, { 'x-forwarded-for': '203.0.113.1' });
    await connect(url, { 'x-forwarded-for': '203.0.113.2' });
    const refused = await refusal(url, { 'x-forwarded-for': '203.0.113.3' });
    expect(refused.status).toBe(503);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits upgrades per address and minute with 429 and Retry-After, closed sockets included', async () => {
    const { url } = await serve({ limits: { upgradesPerAddress: { max: 3, windowSeconds: 60 } } });
    const client = { 'x-forwarded-for': '2001:db8:9::1' };
    for (let i = 0; i < 3; i++) await closeWebSocket(await connect(url, client));
    const refused = await refusal(url, { 'x-forwarded-for': '2001:db8:9::2' });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    await connect(url, { 'x-forwarded-for': '2001:db8:a::1' });
  });

  it('keeps each route its own counts', async () => {
    const app = Fastify();
    apps.push(app);
    await app.register(fastifyWebsocket);
    await app.register(socketLimitsPlugin, { limits: { perAddress: 1 } });
    app.get('/ws/a', { websocket: true, onRequest: app.socketLimits() }, () => {});
    app.get('/ws/b', { websocket: true, onRequest: app.socketLimits() }, () => {});
    const base = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('http://', 'ws://');
    await connect(`${base}/ws/a`);
    await connect(`${base}/ws/b`);
    expect((await refusal(`${base}/ws/a`)).status).toBe(429);
  });
});

describe('socket limit values', () => {
  it('has defaults for a real server', () => {
    expect(DEFAULT_SOCKET_LIMITS).toEqual({
      perAddress: 20,
      total: 10_000,
      upgradesPerAddress: { max: 60, windowSeconds: 60 },
      messagesPerSocket: { max: 30, windowSeconds: 60 },
    });
  });

  it('scales the per-address limits for e2e runs from one address, never the total', () => {
    expect(scaledSocketLimits(50)).toEqual({
      perAddress: 1000,
      total: 10_000,
      upgradesPerAddress: { max: 3000, windowSeconds: 60 },
      messagesPerSocket: { max: 1500, windowSeconds: 60 },
    });
    expect(scaledSocketLimits(0.001).perAddress).toBe(1);
  });
});

describe('socket limits: upgrades counted in the shared state', () => {
  it('counts each route on its own in one store', async () => {
    const shared = createMemorySharedState();
    const app = Fastify();
    apps.push(app);
    app.decorate('shared', shared);
    await app.register(fastifyWebsocket);
    await app.register(socketLimitsPlugin, { limits: { upgradesPerAddress: { max: 1, windowSeconds: 60 } } });
    app.get('/ws/a', { websocket: true, onRequest: app.socketLimits() }, () => {});
    app.get('/ws/b', { websocket: true, onRequest: app.socketLimits() }, () => {});
    const base = (await app.listen({ port: 0, host: '127.0.0.1' })).replace('http://', 'ws://');
    await closeWebSocket(await connect(`${base}/ws/a`));
    await closeWebSocket(await connect(`${base}/ws/b`));
    expect((await refusal(`${base}/ws/a`)).status).toBe(429);
  });

  describe.skipIf(!hasRedisServer)(`over Redis ${hasRedisServer ? '' : NO_REDIS_SERVER}`, () => {
    let redis: RedisServer | undefined;
    const states: SharedState[] = [];
    afterAll(async () => {
      await Promise.all(states.map((state) => state.close()));
      await redis?.stop();
    });

    it("counts one address's upgrades across two instances", async () => {
      redis = await startRedisServer();
      const instances = [];
      for (let i = 0; i < 2; i++) {
        const state = createRedisSharedState(redis.url, Fastify().log);
        states.push(state);
        expect(await waitUntilUp(state, 5_000)).toBe(true);
        instances.push(await serve({ limits: { upgradesPerAddress: { max: 3, windowSeconds: 60 } } }, state));
      }
      const [one, other] = instances;
      if (!one || !other) throw new Error('two instances');
      const client = { 'x-forwarded-for': '2001:db8:b::1' };
      await closeWebSocket(await connect(one.url, client));
      await closeWebSocket(await connect(other.url, client));
      await closeWebSocket(await connect(one.url, client));
      expect((await refusal(other.url, client)).status).toBe(429);
      expect((await refusal(one.url, client)).status).toBe(429);
    });
  });
});

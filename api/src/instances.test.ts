import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { WebSocket } from '@fastify/websocket';
import type { StreamingCountResponse } from 'contracts';
import type { StreamSummary } from 'contracts/streams';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectStream, type StreamClient, streamQuery } from './modules/streams/testing/stream-client';
import { hasRedisServer, NO_REDIS_SERVER, type RedisServer, startRedisServer } from './testing/redis-server';
import { httpBrowser } from './testing/http-browser';
import { databaseOnServer, type ServerProcess, startServer, stopAllServers } from './testing/server-process';
import { closeWebSocket, eventually, openWebSocket } from './testing/websocket-client';

/*
 * Two API processes behind one (imagined) balancer, on one PostgreSQL database and one Redis: what
 * one instance learns, the other knows. Each check goes through both instances. PostgreSQL only
 * (DATABASE_URL: CI's second pass), since two processes cannot share an embedded database, and
 * only where `redis-server` is installed.
 */

const serverUrl = process.env.DATABASE_URL;
const why = !serverUrl
  ? '(skipped: needs a PostgreSQL server, DATABASE_URL; CI runs it)'
  : hasRedisServer
    ? ''
    : NO_REDIS_SERVER;

const DEMO_PASSWORD = 'instances-demo-password';
const ADMIN_PASSWORD = 'instances-admin-password';

const wsOrigin = (server: ServerProcess) => server.base.replace('http://', 'ws://');

describe.skipIf(why !== '')(`two API instances on one database and one Redis ${why}`, () => {
  let redis: RedisServer;
  let a: ServerProcess;
  let b: ServerProcess;
  const cleanups: (() => Promise<unknown>)[] = [];
  const sockets: WebSocket[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    cleanups.push(() => redis.stop());
    const database = await databaseOnServer(serverUrl ?? '', 'instances');
    cleanups.push(database.drop);
    const staticRoot = await mkdtemp(path.join(tmpdir(), 'instances-test-'));
    cleanups.push(() => rm(staticRoot, { recursive: true, force: true }));
    const env = {
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      STATIC_ROOT: staticRoot,
      // One secret for both: a session or CSRF token minted by one instance holds on the other.
      AUTH_SECRET: `instances-test-${randomBytes(16).toString('hex')}`,
      DEMO_PASSWORD,
      ADMIN_PASSWORD,
      // Long: a listing page the other instance cached stays until something clears it, so the
      // block below is seen within a second only through the instances' shared invalidation.
      LISTING_CACHE_MS: '60000',
    };
    // One after the other: the first migrates and seeds, the second finds it done.
    a = await startServer(env, { timeoutMs: 120_000 });
    b = await startServer(env, { timeoutMs: 120_000 });
  }, 300_000);

  afterAll(async () => {
    await Promise.all(sockets.map(closeWebSocket));
    await stopAllServers();
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('count one address’s failed logins together: the sixth fails on whichever instance it lands', async () => {
    const visitor = httpBrowser();
    const email = 'advertiser@anketa.local';
    for (const [index, server] of [a, b, a, b, a].entries()) {
      const response = await visitor.post(server.base, '/api/auth/login', {
        email,
        password: `wrong-${index}`,
      });
      expect(response.status, `attempt ${index + 1}`).toBe(401);
    }
    // The right password now: refused on both, the limit is shared.
    for (const server of [b, a]) {
      const response = await visitor.post(server.base, '/api/auth/login', { email, password: DEMO_PASSWORD });
      expect(response.status).toBe(429);
    }
  });

  it('count a browser on one instance online on the other', async () => {
    const count = async (server: ServerProcess) =>
      ((await (await fetch(`${server.base}/api/online-count`)).json()) as { count: number }).count;
    const before = await count(b);
    const socket = await openWebSocket(`${wsOrigin(a)}/ws/online`);
    sockets.push(socket);
    await eventually(async () => expect(await count(b)).toBe(before + 1), 3_000);
    await closeWebSocket(socket);
    await eventually(async () => expect(await count(b)).toBe(before), 3_000);
  });

  it('carry a chat line sent through one instance to a viewer on the other, and agree on the streaming count', async () => {
    const model = httpBrowser();
    const login = await model.post(a.base, '/api/auth/login', {
      email: 'model@anketa.local',
      password: DEMO_PASSWORD,
    });
    expect(login.status).toBe(200);
    const own = (await (await model.get(a.base, '/api/profiles')).json()) as {
      items: { id: number; status: string }[];
    };
    const profile = own.items.find((item) => item.status === 'active') ?? own.items[0];
    expect(profile).toBeDefined();
    const started = await model.post(a.base, `/api/own-profiles/${profile?.id}/stream`, {
      chatEnabled: true,
    });
    expect(started.status).toBe(201);
    const stream = (await started.json()) as StreamSummary;

    const clients: StreamClient[] = [];
    const join = async (server: ServerProcess, cookie?: string) => {
      const client = await connectStream(
        wsOrigin(server),
        streamQuery(stream),
        cookie ? { headers: { cookie } } : {},
      );
      sockets.push(client.socket);
      clients.push(client);
      await client.next('welcome', undefined, 5_000);
      return client;
    };
    await join(a, model.cookie());
    const guestOnA = httpBrowser();
    await guestOnA.get(a.base, '/api/auth/session');
    const guestOnB = httpBrowser();
    await guestOnB.get(b.base, '/api/auth/session');
    const writer = await join(a, guestOnA.cookie());
    const reader = await join(b, guestOnB.cookie());

    writer.send({ type: 'nickname', name: 'Гость А' });
    await writer.next('nickname');
    writer.send({ type: 'chat', text: 'привет с другого сервера' });
    const line = await reader.next(
      'chat',
      (message) => message.line.text === 'привет с другого сервера',
      3_000,
    );
    expect(line.line.nickname).toBe('Гость А');

    const streaming = async (server: ServerProcess) =>
      ((await (await fetch(`${server.base}/api/model/streaming-count`)).json()) as StreamingCountResponse)
        .count;
    await eventually(async () => {
      expect(await streaming(a)).toBe(1);
      expect(await streaming(b)).toBe(1);
    }, 3_000);
  });

  it('take a profile blocked on one instance out of the other’s listing within a second', async () => {
    const listed = async (server: ServerProcess) =>
      (
        (await (await fetch(`${server.base}/api/model?page=1`)).json()) as { items: { id: number }[] }
      ).items.map((item) => item.id);
    // The other instance has the page in its cache. (The last card: the first may be the demo
    // model's, live in the test above.)
    const first = (await listed(b)).at(-1);
    expect(first).toBeDefined();
    const admin = httpBrowser();
    const login = await admin.post(a.base, '/api/auth/login', {
      email: 'admin@anketa.local',
      password: ADMIN_PASSWORD,
    });
    expect(login.status).toBe(200);
    const block = await admin.post(a.base, `/api/admin-panel/profiles/${first}/block`, {
      reason: 'a test of two instances',
    });
    expect(block.status).toBe(200);
    const blockedAt = Date.now();
    await eventually(async () => expect(await listed(b)).not.toContain(first), 1_000);
    expect(Date.now() - blockedAt).toBeLessThan(1_000);
  });
  it('show a slogan set through one instance on the other within a second (each keeps what it read)', async () => {
    const slogan = async (server: ServerProcess) =>
      ((await (await fetch(`${server.base}/api/constants`)).json()) as { siteSlogan: { en: string } })
        .siteSlogan.en;
    // The other instance has read the slogan and keeps it (for up to 2 s without news).
    const before = await slogan(b);
    const admin = httpBrowser();
    expect(
      (await admin.post(a.base, '/api/auth/login', { email: 'admin@anketa.local', password: ADMIN_PASSWORD }))
        .status,
    ).toBe(200);
    const set = await admin.put(a.base, '/api/admin-panel/site/slogan', {
      ru: 'Слоган двух копий',
      en: 'A slogan of two instances',
    });
    expect(set.status).toBe(200);
    const setAt = Date.now();
    expect(before).not.toBe('A slogan of two instances');
    await eventually(async () => expect(await slogan(b)).toBe('A slogan of two instances'), 1_000);
    expect(Date.now() - setAt).toBeLessThan(1_000);
  });
});

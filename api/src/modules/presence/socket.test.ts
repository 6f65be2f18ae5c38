import fastifyWebsocket, { type WebSocket } from '@fastify/websocket';
import type { OnlineCountResponse } from 'contracts';
import Fastify from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { modelProfiles } from '../../db/schema';
import { createAgent } from '../../testing/agent';
import { createAccount, createProfile } from '../../testing/builders';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { socketLimitsPlugin } from '../../lib/socket-limits';
import { closeWebSocket, eventually, openWebSocket } from '../../testing/websocket-client';
import { createPresenceRepository } from './repository';
import { presencePlugin } from './socket';
import { createMemoryPresenceStore } from './store';

let t: TestApp;
let origin: string;
const open: WebSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  origin = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http://', 'ws://');
});

afterEach(async () => {
  await Promise.all(open.splice(0).map(closeWebSocket));
});

afterAll(async () => {
  await t?.close();
});

async function connect(onMessage?: (data: unknown) => void): Promise<WebSocket> {
  const socket = await openWebSocket(`${origin}/ws/online`, {}, onMessage);
  open.push(socket);
  return socket;
}

async function onlineCount(): Promise<number> {
  const response = await t.app.inject('/api/online-count');
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json<OnlineCountResponse>().count;
}

const countBecomes = (expected: number) => eventually(async () => expect(await onlineCount()).toBe(expected));

describe('presence over /ws/online', () => {
  it('counts open sockets: two connect, one leaves', async () => {
    expect(await onlineCount()).toBe(0);
    const first = await connect();
    await connect();
    await countBecomes(2);

    await closeWebSocket(first);
    await countBecomes(1);
  });

  it('counts a socket that drops without a closing handshake as gone', async () => {
    const socket = await connect();
    await countBecomes(1);
    socket.terminate();
    await countBecomes(0);
  });

  it('ignores what a client sends and sends only the live figure, once on connect', async () => {
    const received: unknown[] = [];
    const socket = await connect((data) => received.push(JSON.parse(String(data))));
    socket.send('hello');
    socket.send(JSON.stringify({ type: 'count', value: 1000 }));
    socket.send(Buffer.from([0, 1, 2]));
    await countBecomes(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toEqual([{ streaming: 0 }]);
    expect(socket.readyState).toBe(socket.OPEN);
    expect(await onlineCount()).toBe(1);
  });

  it('lets a browser reconnect often: the HTTP rate limits do not count upgrades', async () => {
    // Well under the socket limits' upgrades per address and minute (60).
    for (let i = 0; i < 40; i++) await closeWebSocket(await openWebSocket(`${origin}/ws/online`));
    await connect();
    await countBecomes(1);
  });

  it("accepts a browser on the site's own origin", async () => {
    const socket = await openWebSocket(`${origin}/ws/online`, {
      headers: { origin: origin.replace('ws://', 'http://') },
    });
    open.push(socket);
    await countBecomes(1);
  });

  it("refuses a page of another site with 403 before upgrading (it would borrow the visitor's cookies)", async () => {
    await expect(
      openWebSocket(`${origin}/ws/online`, { headers: { origin: 'https://evil.example' } }),
    ).rejects.toThrow('the server answered 403 instead of upgrading');
    expect(await onlineCount()).toBe(0);
  });

  it('answers a plain GET of /ws/online without upgrading, and counts nobody', async () => {
    const response = await t.app.inject('/ws/online');
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(await onlineCount()).toBe(0);
  });

  it('is listed in the OpenAPI document with the count', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json<{ paths: Record<string, unknown> }>();
    expect(doc.paths).toHaveProperty(['/ws/online', 'get']);
    expect(doc.paths).toHaveProperty(['/api/online-count', 'get']);
  });
});

describe('a model is online while her cabinet is open', () => {
  async function signedIn(accountType: 'girl' | 'advister') {
    const account = await createAccount(t.db, { accountType });
    const agent = createAgent(t.app);
    await agent.signInAs(account.id);
    const cookie = [...agent.jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const connectAs = async () => {
      const socket = await openWebSocket(`${origin}/ws/online`, { headers: { cookie } });
      open.push(socket);
      return socket;
    };
    return { account, connectAs };
  }

  async function isOnline(profileId: number): Promise<boolean> {
    const [row] = await t.db
      .select({ isOnline: modelProfiles.isOnline })
      .from(modelProfiles)
      .where(eq(modelProfiles.id, profileId));
    return row?.isOnline ?? false;
  }
  const onlineBecomes = (profileId: number, expected: boolean) =>
    eventually(async () => expect(await isOnline(profileId)).toBe(expected));

  it('marks her profiles online when her browser opens the cabinet, offline when it leaves', async () => {
    const { account, connectAs } = await signedIn('girl');
    const first = await createProfile(t.db, { accountId: account.id });
    const second = await createProfile(t.db, { accountId: account.id });
    const someoneElse = await createProfile(t.db);
    const socket = await connectAs();
    expect(await isOnline(first.id)).toBe(false);

    socket.send(JSON.stringify({ cabinet: true }));
    await onlineBecomes(first.id, true);
    expect(await isOnline(second.id)).toBe(true);
    expect(await isOnline(someoneElse.id)).toBe(false);

    socket.send(JSON.stringify({ cabinet: false }));
    await onlineBecomes(first.id, false);
    expect(await isOnline(second.id)).toBe(false);
  });

  it('keeps her online until the last of her browsers with a cabinet open goes away', async () => {
    const { account, connectAs } = await signedIn('girl');
    const profile = await createProfile(t.db, { accountId: account.id });
    const laptop = await connectAs();
    const phone = await connectAs();
    laptop.send(JSON.stringify({ cabinet: true }));
    phone.send(JSON.stringify({ cabinet: true }));
    await onlineBecomes(profile.id, true);

    await closeWebSocket(laptop);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await isOnline(profile.id)).toBe(true);
    phone.terminate();
    await onlineBecomes(profile.id, false);
  });

  it('writes her profiles for the latest of a flood of toggles only, at most twice a second', async () => {
    const { account, connectAs } = await signedIn('girl');
    const profile = await createProfile(t.db, { accountId: account.id });
    const socket = await connectAs();
    const writes = vi.spyOn(t.db, 'execute');
    try {
      // 25 toggles (under the 30 a minute a socket may send), the last one opening the cabinet.
      for (let index = 0; index < 25; index++) socket.send(JSON.stringify({ cabinet: index % 2 === 0 }));
      await onlineBecomes(profile.id, true);
      // Whatever was queued behind the first write has had its half second to land.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await isOnline(profile.id)).toBe(true);
      expect(writes.mock.calls.length).toBeLessThanOrEqual(2);
    } finally {
      writes.mockRestore();
    }
    expect(socket.readyState).toBe(socket.OPEN);
  });

  it('closes a socket that sends more than 30 messages a minute, and her cabinet with it', async () => {
    const { account, connectAs } = await signedIn('girl');
    const profile = await createProfile(t.db, { accountId: account.id });
    const socket = await connectAs();
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    for (let index = 0; index < 200; index++) socket.send(JSON.stringify({ cabinet: true }));
    expect(await closed).toBe(1008);
    // The socket is gone, so is her open cabinet.
    await onlineBecomes(profile.id, false);
    const visitor = await connect();
    const visitorClosed = new Promise<number>((resolve) => visitor.once('close', (code) => resolve(code)));
    for (let index = 0; index < 31; index++) visitor.send('hello');
    expect(await visitorClosed).toBe(1008);
    await countBecomes(0);
  });

  it('ignores the message from a visitor or an advertiser, and a profile keeps its flag', async () => {
    const { connectAs } = await signedIn('advister');
    const profile = await createProfile(t.db);
    const advertiser = await connectAs();
    const visitor = await connect();
    advertiser.send(JSON.stringify({ cabinet: true }));
    visitor.send(JSON.stringify({ cabinet: true }));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await isOnline(profile.id)).toBe(false);
    expect(await onlineCount()).toBe(2);
  });
});

describe('on start', () => {
  it('takes every owned profile offline (no cabinet is open yet) and leaves demo profiles as seeded', async () => {
    const account = await createAccount(t.db);
    const owned = await createProfile(t.db, { accountId: account.id, isOnline: true });
    const demo = await createProfile(t.db, { isOnline: true });
    await createPresenceRepository(t.db).resetOwnedProfiles();
    const rows = await t.db
      .select({ id: modelProfiles.id, isOnline: modelProfiles.isOnline })
      .from(modelProfiles)
      .where(inArray(modelProfiles.id, [owned.id, demo.id]))
      .orderBy(modelProfiles.id);
    expect(rows).toEqual([
      { id: owned.id, isOnline: false },
      { id: demo.id, isOnline: true },
    ]);
  });
});

describe('presencePlugin heartbeat', () => {
  it('drops a socket that stops answering pings, and keeps one that answers', async () => {
    const store = createMemoryPresenceStore();
    const app = Fastify();
    await app.register(fastifyWebsocket);
    await app.register(socketLimitsPlugin);
    await app.register(presencePlugin, { store, heartbeatMs: 50 });
    const url = `${(await app.listen({ port: 0, host: '127.0.0.1' })).replace('http://', 'ws://')}/ws/online`;
    try {
      const silent = await openWebSocket(url, { autoPong: false });
      const lively = await openWebSocket(url);
      await eventually(async () => expect(await store.count()).toBe(2));
      const closed = new Promise((resolve) => silent.once('close', resolve));
      await closed;
      await eventually(async () => expect(await store.count()).toBe(1));
      expect(lively.readyState).toBe(lively.OPEN);
      await closeWebSocket(lively);
      await eventually(async () => expect(await store.count()).toBe(0));
    } finally {
      await app.close();
    }
  });
});

describe('presencePlugin limits', () => {
  it('takes its limits from the socket limits every socket shares', async () => {
    const store = createMemoryPresenceStore();
    const app = Fastify();
    await app.register(fastifyWebsocket);
    await app.register(socketLimitsPlugin, { limits: { perAddress: 1 } });
    await app.register(presencePlugin, { store });
    const url = `${(await app.listen({ port: 0, host: '127.0.0.1' })).replace('http://', 'ws://')}/ws/online`;
    try {
      const first = await openWebSocket(url);
      await expect(openWebSocket(url)).rejects.toThrow('the server answered 429 instead of upgrading');
      await eventually(async () => expect(await store.count()).toBe(1));
      await closeWebSocket(first);
    } finally {
      await app.close();
    }
  });
});

describe('the live figure on /ws/online', () => {
  /** A presence plugin alone, counting `live` streams, pushing at most every `intervalMs`. */
  async function presenceWithFigure(intervalMs: number) {
    const figure = { live: 0, counted: 0 };
    const app = Fastify();
    await app.register(fastifyWebsocket);
    await app.register(socketLimitsPlugin);
    await app.register(presencePlugin, {
      store: createMemoryPresenceStore(),
      streamingPushIntervalMs: intervalMs,
      streamingCount: async () => {
        figure.counted++;
        return figure.live;
      },
    });
    const url = `${(await app.listen({ port: 0, host: '127.0.0.1' })).replace('http://', 'ws://')}/ws/online`;
    const listen = async () => {
      const received: unknown[] = [];
      const socket = await openWebSocket(url, {}, (data) => received.push(JSON.parse(String(data))));
      return { socket, received };
    };
    return { app, figure, listen };
  }

  it('sends the figure on connect and every change to every socket, and nothing when it did not change', async () => {
    const { app, figure, listen } = await presenceWithFigure(20);
    try {
      figure.live = 2;
      const first = await listen();
      await eventually(() => expect(first.received).toEqual([{ streaming: 2 }]));
      const second = await listen();
      await eventually(() => expect(second.received).toEqual([{ streaming: 2 }]));

      app.streamingChanged();
      await eventually(() => expect(figure.counted).toBeGreaterThanOrEqual(2));
      figure.live = 1;
      app.streamingChanged();
      await eventually(() => expect(first.received).toEqual([{ streaming: 2 }, { streaming: 1 }]));
      await eventually(() => expect(second.received).toEqual([{ streaming: 2 }, { streaming: 1 }]));
      await Promise.all([closeWebSocket(first.socket), closeWebSocket(second.socket)]);
    } finally {
      await app.close();
    }
  });

  it('counts and pushes at most once per interval however often it is told, and the last change lands', async () => {
    const { app, figure, listen } = await presenceWithFigure(300);
    try {
      const watcher = await listen();
      await eventually(() => expect(watcher.received).toEqual([{ streaming: 0 }]));
      const countedBefore = figure.counted;
      for (let n = 1; n <= 50; n++) {
        figure.live = n;
        app.streamingChanged();
      }
      await eventually(() => expect(watcher.received.at(-1)).toEqual({ streaming: 50 }), 2000);
      // One count at once, one more after the interval for the changes meanwhile.
      expect(figure.counted - countedBefore).toBeLessThanOrEqual(2);
      expect(watcher.received.length).toBeLessThanOrEqual(3);
      await closeWebSocket(watcher.socket);
    } finally {
      await app.close();
    }
  });
});

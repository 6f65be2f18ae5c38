import type { WebSocket } from '@fastify/websocket';
import type { StreamingCountResponse } from 'contracts';
import type { LiveStreamList } from 'contracts/streams';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createAgent } from '../../testing/agent';
import { createTestRedisSharedState, type TestRedisSharedState } from '../../testing/redis-shared-state';
import {
  hasRedisServer,
  NO_REDIS_SERVER,
  type RedisServer,
  startRedisServer,
} from '../../testing/redis-server';
import { databaseOnServer } from '../../testing/server-process';
import { closeWebSocket, eventually, openWebSocket } from '../../testing/websocket-client';
import { createFakeMedia } from './testing/fake-media';
import {
  connectStream,
  cookieOf,
  modelWithListedProfile,
  type StreamClient,
  streamQuery,
} from './testing/stream-client';

const serverUrl = process.env.DATABASE_URL;
const skipped = !hasRedisServer
  ? NO_REDIS_SERVER
  : !serverUrl
    ? '(skipped: two instances share one PostgreSQL database; set DATABASE_URL)'
    : '';

// Two API instances on one PostgreSQL database and one Redis, as behind a balancer: a stream
// started on one is watched through the other.
describe.skipIf(skipped !== '')(`streams across two instances ${skipped}`, () => {
  let redis: RedisServer;
  let database: { url: string; drop(): Promise<void> };
  const states: TestRedisSharedState[] = [];
  const apps: FastifyInstance[] = [];
  const origins: string[] = [];
  const open: WebSocket[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    database = await databaseOnServer(serverUrl ?? '', 'instances');
    // One after the other: each runs the migrations on start.
    for (let n = 0; n < 2; n++) {
      const app = await startInstance();
      apps.push(app);
      origins.push((await app.listen({ port: 0, host: '127.0.0.1' })).replace('http://', 'ws://'));
    }
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map(closeWebSocket));
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const state of states) await state.close();
    await redis?.stop();
    await database?.drop();
  });

  /** One more instance on the database and Redis (one secret: a session is good on every one). */
  async function startInstance(): Promise<FastifyInstance> {
    const sharedState = await createTestRedisSharedState(redis.url);
    states.push(sharedState);
    return buildApp({
      database: { url: database.url },
      secret: 'several-instances-test-secret-0123456789',
      sharedState,
      streamMedia: createFakeMedia().media,
      streams: { viewerBroadcastMs: 100, heartbeatMs: 500, graceMs: 1_000 },
      socketLimits: { perAddress: 1_000, upgradesPerAddress: { max: 10_000, windowSeconds: 60 } },
    });
  }

  const [one, two] = [0, 1];
  const app = (n: number) => {
    const found = apps[n];
    if (!found) throw new Error('no app');
    return found;
  };
  const join = async (n: number, stream: { id: number; channelId: string }, cookie: string) => {
    const client = await connectStream(origins[n] ?? '', streamQuery(stream), { headers: { cookie } });
    open.push(client.socket);
    return client;
  };
  const guestOn = async (n: number) => {
    const agent = createAgent(app(n));
    await agent.get('/api/health');
    return cookieOf(agent);
  };
  const streamingCountOn = async (n: number) =>
    (await app(n).inject('/api/model/streaming-count')).json<StreamingCountResponse>().count;

  it('carries chat lines, state and the end between a model on one instance and a viewer on the other', async () => {
    // A browser on the other instance is told of the stream as soon as it starts.
    const figures: number[] = [];
    const online = await openWebSocket(`${origins[two]}/ws/online`, {}, (data) =>
      figures.push((JSON.parse(String(data)) as { streaming: number }).streaming),
    );
    open.push(online);
    await eventually(() => expect(figures).toEqual([0]));

    const model = await modelWithListedProfile({ app: app(one), db: app(one).db, close: async () => {} });
    const stream = await model.start();
    await eventually(() => expect(figures.at(-1)).toBe(1), 3_000);
    expect(await streamingCountOn(one)).toBe(1);
    expect(await streamingCountOn(two)).toBe(1);

    const studio: StreamClient = await join(one, stream, model.cookie());
    await studio.next('welcome');
    const viewer = await join(two, stream, await guestOn(two));
    expect((await viewer.next('welcome')).role).toBe('viewer');
    // The viewer on the other instance counts in her studio.
    await studio.next('state', (message) => message.state.viewers === 1);

    viewer.send({ type: 'nickname', name: 'Гость' });
    await viewer.next('nickname');
    studio.send({ type: 'chat', text: 'Привет всем' });
    expect((await viewer.next('chat')).line).toMatchObject({
      nickname: 'Алиса',
      text: 'Привет всем',
      fromModel: true,
    });
    viewer.send({ type: 'chat', text: 'Привет!' });
    expect((await studio.next('chat', (message) => !message.line.fromModel)).line).toMatchObject({
      nickname: 'Гость',
      text: 'Привет!',
    });
    // A second viewer of the stream, on her instance, sees both lines in the history.
    const late = await join(one, stream, await guestOn(one));
    expect((await late.next('welcome')).history.map((line) => line.text)).toEqual(['Привет всем', 'Привет!']);
    await viewer.next('state', (message) => message.state.viewers === 2);

    const paused = await model.agent.post(`/api/streams/${stream.id}/pause`, {});
    expect(paused.statusCode).toBe(200);
    await viewer.next('state', (message) => message.state.status === 'paused');

    const stopped = await model.agent.post(`/api/streams/${stream.id}/stop`, {});
    expect(stopped.statusCode).toBe(200);
    expect((await viewer.next('ended')).reason).toBe('stopped');
    expect(await viewer.closed).toBe(1000);
    await eventually(() => expect(figures.at(-1)).toBe(0), 3_000);
    expect(await streamingCountOn(two)).toBe(0);
  });

  it('keeps the sockets open through a Redis outage, says the chat is reconnecting, and carries lines again after it', async () => {
    const model = await modelWithListedProfile(
      { app: app(one), db: app(one).db, close: async () => {} },
      'Вера',
    );
    const stream = await model.start();
    const studio = await join(one, stream, model.cookie());
    await studio.next('welcome');
    const viewer = await join(two, stream, await guestOn(two));
    await viewer.next('welcome');
    viewer.send({ type: 'nickname', name: 'Ждущий' });
    await viewer.next('nickname');

    await redis.stop(true);
    try {
      viewer.send({ type: 'chat', text: 'есть кто?' });
      await viewer.next('error', (message) => message.code === 'RECONNECTING', 5_000);
      // The pages and the API still answer.
      expect((await app(two).inject('/api/streams/live')).statusCode).toBe(200);
      expect((await app(two).inject('/api/online-count')).statusCode).toBe(200);
      expect(viewer.socket.readyState).toBe(viewer.socket.OPEN);
      expect(studio.socket.readyState).toBe(studio.socket.OPEN);
    } finally {
      await redis.start();
    }
    // Redis came back empty: the stream is on air again and its chat carries lines (the nickname
    // is asked again: the nicknames were in Redis).
    await eventually(async () => {
      viewer.send({ type: 'nickname', name: 'Ждущий' });
      await viewer.next('nickname', () => true, 500);
      const before = studio.messages.length;
      viewer.send({ type: 'chat', text: 'снова здесь' });
      await studio.next('chat', (message) => message.line.text === 'снова здесь', 1_000);
      expect(studio.messages.length).toBeGreaterThan(before);
    }, 15_000);
    // Her viewer on the other instance counts again (written back by its instance).
    await eventually(async () => {
      const live = (await app(one).inject('/api/streams/live')).json<LiveStreamList>();
      expect(live.items.find((item) => item.id === stream.id)?.viewers).toBe(1);
    }, 5_000);
    await model.agent.post(`/api/streams/${stream.id}/stop`, {});
    expect((await viewer.next('ended')).reason).toBe('stopped');
  });

  it('shows a model online through one instance while her cabinet is open on the other, also after a third starts', async () => {
    const model = await modelWithListedProfile(
      { app: app(one), db: app(one).db, close: async () => {} },
      'Ольга',
    );
    const onlineOn = async (n: number) =>
      (await app(n).inject(`/api/model/${model.profile.id}`)).json<{ isOnline: boolean }>().isOnline;
    expect(await onlineOn(two)).toBe(false);
    const cabinet = await openWebSocket(`${origins[one]}/ws/online`, { headers: { cookie: model.cookie() } });
    open.push(cabinet);
    cabinet.send(JSON.stringify({ cabinet: true }));
    await eventually(async () => expect(await onlineOn(two)).toBe(true));
    // A starting instance takes owned profiles offline, but not those whose cabinet is open elsewhere.
    const third = await startInstance();
    await third.ready();
    await third.close();
    expect(await onlineOn(two)).toBe(true);
    await closeWebSocket(cabinet);
    await eventually(async () => expect(await onlineOn(two)).toBe(false));
  });

  it('ends a stream whose model was on an instance that stopped, once her grace is over, for its viewers elsewhere', async () => {
    const third = await startInstance();
    const origin = (await third.listen({ port: 0, host: '127.0.0.1' })).replace('http://', 'ws://');
    const model = await modelWithListedProfile({ app: third, db: third.db, close: async () => {} }, 'Нина');
    const stream = await model.start();
    const studio = await connectStream(origin, streamQuery(stream), { headers: { cookie: model.cookie() } });
    await studio.next('welcome');
    const viewer = await join(two, stream, await guestOn(two));
    await viewer.next('welcome');
    const stoppedAt = Date.now();
    await third.close();
    expect((await viewer.next('ended', () => true, 10_000)).reason).toBe('disconnected');
    // Not before her grace (1 s) was over: she might have come back through another instance.
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(1_000);
    expect(await streamingCountOn(one)).toBe(0);
  });
});

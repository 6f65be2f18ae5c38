import type { WebSocket } from '@fastify/websocket';
import type { OnlineCountResponse } from 'contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { createTestRedisSharedState, type TestRedisSharedState } from '../../testing/redis-shared-state';
import {
  hasRedisServer,
  NO_REDIS_SERVER,
  type RedisServer,
  startRedisServer,
} from '../../testing/redis-server';
import { closeWebSocket, eventually, openWebSocket } from '../../testing/websocket-client';

// Two API instances on one Redis, each on a database of its own (what they share here is Redis
// alone; streams across instances, which share the database too, are in streams/several-instances).
describe.skipIf(!hasRedisServer)(`presence across two instances on one Redis ${NO_REDIS_SERVER}`, () => {
  let redis: RedisServer;
  const states: TestRedisSharedState[] = [];
  const apps: TestApp[] = [];
  const origins: string[] = [];
  const open: WebSocket[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    for (let n = 0; n < 2; n++) {
      const sharedState = await createTestRedisSharedState(redis.url);
      const t = await createTestApp({ sharedState });
      states.push(sharedState);
      apps.push(t);
      origins.push((await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http://', 'ws://'));
    }
  });
  afterEach(async () => {
    await Promise.all(open.splice(0).map(closeWebSocket));
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    for (const state of states) await state.close();
    await redis?.stop();
  });

  const countOn = async (n: number) => {
    const response = await apps[n]?.app.inject('/api/online-count');
    return response?.json<OnlineCountResponse>().count;
  };
  const connectTo = async (n: number) => {
    const socket = await openWebSocket(`${origins[n]}/ws/online`);
    open.push(socket);
    return socket;
  };

  it("counts each instance's browsers on both, and forgets one that leaves", async () => {
    expect(await countOn(0)).toBe(0);
    const first = await connectTo(0);
    await connectTo(1);
    await connectTo(1);
    await eventually(async () => {
      expect(await countOn(0)).toBe(3);
      expect(await countOn(1)).toBe(3);
    });
    await closeWebSocket(first);
    await eventually(async () => expect(await countOn(1)).toBe(2));
  });

  it('counts no more the browsers of an instance that stopped', async () => {
    const spare = await createTestApp({ sharedState: await createTestRedisSharedState(redis.url) });
    const origin = (await spare.app.listen({ port: 0, host: '127.0.0.1' })).replace('http://', 'ws://');
    await openWebSocket(`${origin}/ws/online`);
    await eventually(async () => expect(await countOn(0)).toBe(1));
    await spare.close();
    await eventually(async () => expect(await countOn(0)).toBe(0));
  });
});

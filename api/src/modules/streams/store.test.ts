import { randomBytes } from 'node:crypto';
import { CHAT_HISTORY_LINES } from 'contracts/streams';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  hasRedisServer,
  NO_REDIS_SERVER,
  type RedisServer,
  startRedisServer,
} from '../../testing/redis-server';
import { eventually } from '../../testing/websocket-client';
import { createRedisStreamStore } from './redis-store';
import { createMemoryStreamStore, type StreamStore } from './store';

let server: RedisServer | null = null;
let redis: Redis | null = null;
const made: StreamStore[] = [];

beforeAll(async () => {
  if (!hasRedisServer) return;
  server = await startRedisServer();
  redis = new Redis(server.url, { maxRetriesPerRequest: 0 });
});
beforeEach(async () => {
  await Promise.all(made.splice(0).map((store) => store.dispose()));
  await redis?.flushall();
});
afterAll(async () => {
  await Promise.all(made.splice(0).map((store) => store.dispose()));
  redis?.disconnect();
  await server?.stop();
});

/** The store of one more instance on the same Redis (no timer of its own: the tests beat). */
function redisStore(ttlMs?: number) {
  if (!redis) throw new Error('no Redis');
  const store = createRedisStreamStore({
    redis,
    instanceId: randomBytes(4).toString('hex'),
    log: { warn() {}, info() {}, error() {} } as never,
    heartbeatMs: 3_600_000,
    ...(ttlMs ? { ttlMs } : {}),
  });
  made.push(store);
  return store;
}

const kinds = [
  { name: 'memory', skip: false, make: (): StreamStore => createMemoryStreamStore() },
  { name: `Redis ${hasRedisServer ? '' : NO_REDIS_SERVER}`, skip: !hasRedisServer, make: () => redisStore() },
];

const state = { profileId: 5, accountId: 7, profileName: 'Анна', status: 'live', chatEnabled: true } as const;

const line = (n: number) => ({ id: `l${n}`, nickname: 'Ник', text: `строка ${n}`, at: '', fromModel: false });

describe.each(kinds)('the $name stream store', ({ skip, make }) => {
  const test = skip ? it.skip : it;
  const opened = async () => {
    const store = make();
    await store.open(1, state);
    return store;
  };

  test(`keeps the latest ${CHAT_HISTORY_LINES} lines, oldest first, and removes one by id`, async () => {
    const store = await opened();
    for (let n = 1; n <= CHAT_HISTORY_LINES + 5; n++) await store.addLine(1, line(n));
    const history = await store.history(1);
    expect(history).toHaveLength(CHAT_HISTORY_LINES);
    expect(history[0]?.id).toBe('l6');
    expect(history.at(-1)?.id).toBe(`l${CHAT_HISTORY_LINES + 5}`);
    expect(await store.removeLine(1, 'l10')).toBe(true);
    expect(await store.removeLine(1, 'l10')).toBe(false);
    expect((await store.history(1)).map((l) => l.id)).not.toContain('l10');
  });

  test('counts viewer sockets and keeps the peak', async () => {
    const store = await opened();
    await store.addViewer(1, 'a');
    await store.addViewer(1, 'b');
    await store.addViewer(1, 'b');
    expect(await store.removeViewer(1, 'a')).toEqual({ viewers: 1, peakViewers: 2 });
    expect(await store.addViewer(2, 'a')).toBeNull();
    expect(await store.close(1)).toMatchObject({ viewers: 1, peakViewers: 2 });
    expect(await store.get(1)).toBeNull();
  });

  test('gives a nickname to one visitor (any case), lets it change name, and mutes by name', async () => {
    const store = await opened();
    expect(await store.claimNickname(1, 'v1', 'Ник')).toBe(true);
    expect(await store.claimNickname(1, 'v2', 'НИК')).toBe(false);
    expect(await store.claimNickname(1, 'v1', 'Другой')).toBe(true);
    expect(await store.claimNickname(1, 'v2', 'ник')).toBe(true);
    expect(await store.nicknameOf(1, 'v1')).toBe('Другой');
    await store.mute(1, 'другой');
    expect(await store.isMuted(1, 'Другой')).toBe(true);
    expect(await store.isMuted(1, 'ник')).toBe(false);
  });

  test('paces lines per chatter', async () => {
    const store = await opened();
    expect(await store.takeLineSlot(1, 'v1', 1_000, 1_000)).toBe(true);
    expect(await store.takeLineSlot(1, 'v1', 1_999, 1_000)).toBe(false);
    expect(await store.takeLineSlot(1, 'v2', 1_999, 1_000)).toBe(true);
    expect(await store.takeLineSlot(1, 'v1', 2_000, 1_000)).toBe(true);
  });

  test('finds no orphan among the streams this instance holds', async () => {
    const store = await opened();
    await store.holdModel(1);
    expect(await store.orphaned(0)).toEqual([]);
  });

  test('follows status and chat switch, and answers nothing for a stream not on air', async () => {
    const store = await opened();
    await store.open(1, { ...state, status: 'paused' });
    expect(await store.get(1)).toEqual({ ...state, viewers: 0, peakViewers: 0 });
    expect(await store.update(1, { status: 'paused', chatEnabled: false })).toMatchObject({
      status: 'paused',
      chatEnabled: false,
    });
    expect(await store.get(1)).toMatchObject({ status: 'paused', chatEnabled: false, accountId: 7 });
    expect(await store.update(2, { status: 'live' })).toBeNull();
    expect(await store.takeLineSlot(2, 'v1', 1_000, 1_000)).toBe(false);
    expect(await store.claimNickname(2, 'v1', 'Ник')).toBe(false);
    await store.close(1);
    expect(await store.history(1)).toEqual([]);
    expect(await store.nicknameOf(1, 'v1')).toBeNull();
  });
});

describe.skipIf(!hasRedisServer)(`streams of several instances on one Redis ${NO_REDIS_SERVER}`, () => {
  it("finds the streams whose model's instance died or stopped, after the grace, and no others", async () => {
    const dying = redisStore(300);
    const stopping = redisStore(300);
    const heir = redisStore(300);
    for (const [id, store] of [
      [1, dying],
      [2, stopping],
      [3, heir],
    ] as const) {
      await store.open(id, state);
      await store.holdModel(id);
    }
    await heir.open(4, state);
    expect(await heir.orphaned(0)).toEqual([]);
    await stopping.dispose();
    // A stopped instance's stream waits out the grace (her browser may come back elsewhere)...
    expect(await heir.orphaned(60_000)).toEqual([]);
    await eventually(async () => expect(await heir.orphaned(100)).toEqual([2]), 3_000);
    // ...and one that stopped beating is found once it is past its TTL and the grace.
    await eventually(async () => expect((await heir.orphaned(100)).sort()).toEqual([1, 2]), 3_000);
    // She came back through the heir: it holds her stream now.
    await heir.holdModel(1);
    expect(await heir.orphaned(100)).toEqual([2]);
    await heir.close(2);
    expect(await heir.orphaned(100)).toEqual([]);
  });

  it("sums every instance's viewers, and a dead instance's stop counting after the TTL", async () => {
    const one = redisStore(300);
    const two = redisStore(300);
    await one.open(1, state);
    await two.open(1, { ...state, profileName: 'другое' });
    await one.addViewer(1, 'a');
    expect(await two.addViewer(1, 'b')).toEqual({ viewers: 2, peakViewers: 2 });
    expect(await one.get(1)).toMatchObject({ profileName: 'Анна', viewers: 2 });
    expect(await one.otherInstancesAlive()).toBe(true);
    // `two` beats no more.
    await eventually(
      async () => expect(await one.get(1)).toMatchObject({ viewers: 1, peakViewers: 2 }),
      3_000,
    );
    expect(await one.otherInstancesAlive()).toBe(false);
    expect(await one.close(1)).toMatchObject({ viewers: 1, peakViewers: 2 });
    // Nothing is left but, perhaps, the dead instance's viewers, until their keys expire.
    for (const left of (await redis?.keys('classifieds:stream:1:*')) ?? []) {
      expect(left).toMatch(/^classifieds:stream:1:viewers:/);
      expect(await redis?.pttl(left)).toBeGreaterThan(0);
    }
  });

  it('writes its viewers back when Redis lost them, and fails at once while Redis is away', async () => {
    const store = redisStore();
    await store.open(1, state);
    await store.addViewer(1, 'a');
    // Redis lost everything but the stream (as the state is opened again from its row).
    await redis?.flushall();
    await store.open(1, state);
    expect(await store.get(1)).toMatchObject({ viewers: 1 });
    if (!server) throw new Error('no Redis');
    await server.stop(true);
    try {
      await expect(store.get(1)).rejects.toThrow('Redis is not available');
    } finally {
      await server.start();
    }
    await eventually(async () => expect(await redis?.ping()).toBe('PONG'), 5_000);
    // Restarted empty: the stream's state is opened again (from its row), with this instance's viewer.
    expect(await store.get(1)).toBeNull();
    await store.open(1, state);
    expect(await store.get(1)).toMatchObject({ viewers: 1 });
  });
});

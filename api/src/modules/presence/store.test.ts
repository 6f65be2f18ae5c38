import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  hasRedisServer,
  NO_REDIS_SERVER,
  type RedisServer,
  startRedisServer,
} from '../../testing/redis-server';
import { eventually } from '../../testing/websocket-client';
import { createRedisPresenceStore } from './redis-store';
import { createMemoryPresenceStore, type PresenceStore } from './store';

let server: RedisServer | null = null;
let redis: Redis | null = null;
const made: PresenceStore[] = [];

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

/** A store of one more instance on the same Redis (no timer of its own: the tests beat). */
function redisStore(options: { ttlMs?: number; onAccountsClosed?: (accounts: number[]) => void } = {}) {
  if (!redis) throw new Error('no Redis');
  const store = createRedisPresenceStore({
    redis,
    instanceId: randomBytes(4).toString('hex'),
    log: { warn() {}, info() {}, error() {} } as never,
    heartbeatMs: 3_600_000,
    ...options,
  });
  made.push(store);
  return store;
}

const kinds = [
  { name: 'memory', skip: false, make: (): PresenceStore => createMemoryPresenceStore() },
  { name: `Redis ${hasRedisServer ? '' : NO_REDIS_SERVER}`, skip: !hasRedisServer, make: () => redisStore() },
];

describe.each(kinds)('the $name presence store', ({ skip, make }) => {
  const test = skip ? it.skip : it;

  test('counts sockets once each and forgets removed ones', async () => {
    const store = make();
    await store.add('a');
    await store.add('b');
    await store.add('b');
    expect(await store.count()).toBe(2);
    await store.remove('a');
    await store.remove('unknown');
    expect(await store.count()).toBe(1);
  });

  test("follows an account's cabinet across its sockets and says when it closes", async () => {
    const store = make();
    await store.add('a');
    await store.add('b');
    expect(await store.markCabinet('a', 7, true)).toEqual({ open: true, changed: true });
    expect(await store.markCabinet('b', 7, true)).toEqual({ open: true, changed: false });
    expect(await store.openCabinets()).toEqual([7]);
    expect(await store.markCabinet('a', 7, false)).toEqual({ open: true, changed: false });
    expect(await store.remove('a')).toEqual({ accountClosed: null });
    expect(await store.remove('b')).toEqual({ accountClosed: 7 });
    expect(await store.openCabinets()).toEqual([]);
  });

  test('ignores a cabinet on a socket it does not count', async () => {
    const store = make();
    expect(await store.markCabinet('x', 7, true)).toEqual({ open: false, changed: false });
  });
});

describe.skipIf(!hasRedisServer)(`presence of several instances on one Redis ${NO_REDIS_SERVER}`, () => {
  it("counts every instance's sockets, and a cabinet open on another instance keeps the account open", async () => {
    const one = redisStore();
    const two = redisStore();
    await one.add('a');
    await two.add('b');
    await two.add('c');
    expect(await one.count()).toBe(3);
    expect(await two.count()).toBe(3);
    expect(await one.markCabinet('a', 7, true)).toEqual({ open: true, changed: true });
    expect(await two.markCabinet('b', 7, true)).toEqual({ open: true, changed: false });
    expect(await one.remove('a')).toEqual({ accountClosed: null });
    expect(await two.markCabinet('b', 7, false)).toEqual({ open: false, changed: true });
  });

  it("stops counting a dead instance's sockets after the TTL, and its heirs close its cabinets once", async () => {
    const closedBy: number[][] = [];
    const dying = redisStore({ ttlMs: 300 });
    const heir = redisStore({ ttlMs: 300, onAccountsClosed: (accounts) => closedBy.push(accounts) });
    const other = redisStore({ ttlMs: 300, onAccountsClosed: (accounts) => closedBy.push(accounts) });
    await dying.add('a');
    await dying.markCabinet('a', 7, true);
    await dying.add('b');
    await dying.markCabinet('b', 8, true);
    await heir.add('c');
    await heir.markCabinet('c', 8, true);
    expect(await heir.count()).toBe(3);
    // `dying` beats no more: it is gone once the TTL has run out.
    await eventually(async () => expect(await heir.count()).toBe(1), 3_000);
    await heir.heartbeat();
    await other.heartbeat();
    // Account 8 still has a cabinet on `heir`; 7 had one only on the dead instance.
    expect(closedBy).toEqual([[7]]);
    // The dead instance's keys are gone: the sockets left are the heir's.
    const left = (await redis?.keys('classifieds:presence:sockets:*')) ?? [];
    expect(left).toHaveLength(1);
    expect(await redis?.smembers(left[0] ?? '')).toEqual(['c']);
  });

  it('leaves the cabinets of a stopping instance to the instance that takes it out, which sees them all', async () => {
    const closedBy: number[][] = [];
    const stopping = redisStore();
    const other = redisStore({ onAccountsClosed: (accounts) => closedBy.push(accounts) });
    await stopping.add('a');
    await stopping.markCabinet('a', 7, true);
    await stopping.add('b');
    await stopping.markCabinet('b', 8, true);
    await other.add('c');
    await other.markCabinet('c', 7, true);
    await stopping.dispose();
    // Its sockets close after it stopped: it does not close a cabinet open elsewhere (7)...
    expect(await stopping.remove('a')).toEqual({ accountClosed: null });
    expect(await other.count()).toBe(1);
    // ...the other instance closes those that were open only there (8), once.
    await other.heartbeat();
    await other.heartbeat();
    expect(closedBy).toEqual([[8]]);
    expect(await other.remove('c')).toEqual({ accountClosed: 7 });
  });

  it('writes its sockets back when Redis lost them, and counts its own while Redis is away', async () => {
    const store = redisStore();
    await store.add('a');
    await store.add('b');
    await store.markCabinet('a', 7, true);
    await redis?.flushall();
    expect(await store.count()).toBe(2);
    expect(await store.openCabinets()).toEqual([7]);
    if (!server) throw new Error('no Redis');
    await server.stop(true);
    try {
      await store.add('c');
      expect(await store.count()).toBe(2);
      expect(await store.remove('a')).toEqual({ accountClosed: 7 });
    } finally {
      await server.start();
    }
    await eventually(async () => expect(await redis?.ping()).toBe('PONG'), 5_000);
    // Back: `b` and `c` (added during the outage) are written back; `a` and its cabinet are gone.
    expect(await store.count()).toBe(2);
    expect(await store.openCabinets()).toEqual([]);
  });
});

// Presence shared by several API instances through Redis (issue 29). Each instance writes only
// its own keys (its sockets, the cabinets behind them, how many of an account's cabinet sockets
// it holds) and says it is alive in a registry, a sorted set of instances by the time they stop
// counting. Counts read the instances still alive, so an instance that dies stops counting within
// the TTL; the next heartbeat of any instance removes its keys and answers the accounts whose
// cabinet was open only there (their profiles go offline). Every instance keeps a copy of its own
// part in memory: it answers from it while Redis is away and writes it all back when Redis is back
// (or lost it). Times come from Redis (TIME), the one clock every instance shares.
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { REDIS_KEY_PREFIX, RedisUnavailableError, redisScript, whenReady } from '../../lib/redis-scripts';
import type { PresenceStore } from './store';

/** How often an instance says it is alive (and its keys are kept). */
export const PRESENCE_HEARTBEAT_MS = 5_000;
/** An instance not heard of for this long counts no more. */
export const PRESENCE_TTL_MS = 15_000;

const REGISTRY = `${REDIS_KEY_PREFIX}presence:instances`;

// KEYS[1] the registry; ARGV[1] this instance, ARGV[2] the TTL; the rest per script. `fresh` is 1
// when this instance was not in the registry (Redis lost it, or took it for dead): its keys are
// then rewritten from its copy before the script runs again.
const PRELUDE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local me = ARGV[1]
local ttl = tonumber(ARGV[2])
local fresh = redis.call('ZADD', KEYS[1], now + ttl, me)
local live = redis.call('ZRANGEBYSCORE', KEYS[1], now, '+inf')
local function k(kind, inst) return '${REDIS_KEY_PREFIX}presence:' .. kind .. ':' .. inst end
local function keep()
  for _, kind in ipairs({'sockets', 'cabinet', 'accounts'}) do redis.call('PEXPIRE', k(kind, me), ttl * 4) end
end
local function accountOpen(acc)
  for _, inst in ipairs(live) do
    if redis.call('HEXISTS', k('accounts', inst), acc) == 1 then return true end
  end
  return false
end
local function unmark(id)
  local acc = redis.call('HGET', k('cabinet', me), id)
  if not acc then return nil end
  redis.call('HDEL', k('cabinet', me), id)
  if redis.call('HINCRBY', k('accounts', me), acc, -1) <= 0 then redis.call('HDEL', k('accounts', me), acc) end
  return acc
end
`;
/** Every script but the rewrite stops at once when this instance's keys must be written back first. */
const GUARDED = `${PRELUDE}
if fresh == 1 then return 'FRESH' end
`;

const addScript = redisScript(`${GUARDED}
redis.call('SADD', k('sockets', me), ARGV[3])
keep()
return 1`);

const removeScript = redisScript(`${GUARDED}
redis.call('SREM', k('sockets', me), ARGV[3])
local acc = unmark(ARGV[3])
keep()
if acc and not accountOpen(acc) then return tonumber(acc) end
return -1`);

const countScript = redisScript(`${GUARDED}
local n = 0
for _, inst in ipairs(live) do n = n + redis.call('SCARD', k('sockets', inst)) end
return n`);

const markScript = redisScript(`${GUARDED}
local id, acc = ARGV[3], ARGV[4]
local before = accountOpen(acc)
if ARGV[5] == '1' and redis.call('SISMEMBER', k('sockets', me), id) == 1 then
  local current = redis.call('HGET', k('cabinet', me), id)
  if current ~= acc then
    if current then unmark(id) end
    redis.call('HSET', k('cabinet', me), id, acc)
    redis.call('HINCRBY', k('accounts', me), acc, 1)
  end
else
  unmark(id)
end
keep()
local after = accountOpen(acc)
return {after and 1 or 0, (before ~= after) and 1 or 0}`);

const openAccountsScript = redisScript(`${GUARDED}
local seen, out = {}, {}
for _, inst in ipairs(live) do
  for _, acc in ipairs(redis.call('HKEYS', k('accounts', inst))) do
    if not seen[acc] then seen[acc] = true; out[#out + 1] = tonumber(acc) end
  end
end
return out`);

// The heartbeat: keeps this instance's keys, and takes the instances that stopped beating out of
// the registry (one instance does it, the script being atomic), answering the accounts whose
// cabinet was open only on them.
const heartbeatScript = redisScript(`${GUARDED}
keep()
local candidates = {}
for _, inst in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '(' .. now)) do
  for _, acc in ipairs(redis.call('HKEYS', k('accounts', inst))) do candidates[acc] = true end
  redis.call('DEL', k('sockets', inst), k('cabinet', inst), k('accounts', inst))
  redis.call('ZREM', KEYS[1], inst)
end
local closed = {}
for acc in pairs(candidates) do
  if not accountOpen(acc) then closed[#closed + 1] = tonumber(acc) end
end
return closed`);

// Rewrites this instance's keys from its copy: ARGV[3] the number of sockets, then the sockets,
// then (socket, account) pairs of the cabinets.
const syncScript = redisScript(`${PRELUDE}
redis.call('DEL', k('sockets', me), k('cabinet', me), k('accounts', me))
local n = tonumber(ARGV[3])
for i = 4, 3 + n do redis.call('SADD', k('sockets', me), ARGV[i]) end
for i = 4 + n, #ARGV, 2 do
  redis.call('HSET', k('cabinet', me), ARGV[i], ARGV[i + 1])
  redis.call('HINCRBY', k('accounts', me), ARGV[i + 1], 1)
end
keep()
return fresh`);

export interface RedisPresenceOptions {
  redis: Redis;
  instanceId: string;
  log: FastifyBaseLogger;
  /** Accounts whose cabinet was open only on instances that died: their profiles go offline. */
  onAccountsClosed?: (accounts: number[]) => void;
  heartbeatMs?: number;
  ttlMs?: number;
}

export interface RedisPresenceStore extends PresenceStore {
  /** One heartbeat now (the timer runs them every heartbeatMs). */
  heartbeat(): Promise<void>;
}

export function createRedisPresenceStore(options: RedisPresenceOptions): RedisPresenceStore {
  const { redis, instanceId, log } = options;
  const ttlMs = options.ttlMs ?? PRESENCE_TTL_MS;
  const base = (): (string | number)[] => [instanceId, ttlMs];
  // This instance's part, the truth for its own sockets.
  const sockets = new Set<string>();
  const cabinetOf = new Map<string, number>();
  const cabinetSockets = (accountId: number) => [...cabinetOf.values()].filter((a) => a === accountId).length;
  let lastCount: number | null = null;
  let away = false;
  let needsSync = true;
  let disposed = false;

  const wentAway = (error: unknown) => {
    if (!(error instanceof RedisUnavailableError)) throw error;
    needsSync = true;
    if (!away && !disposed)
      log.warn('presence: Redis is away; this instance counts its own sockets until it is back');
    away = true;
  };
  const cameBack = () => {
    if (away) log.info('presence: Redis is back; the counts are shared again');
    away = false;
  };

  const sync = async () => {
    const cabinets = [...cabinetOf].flat();
    await syncScript(redis, [REGISTRY], [...base(), sockets.size, ...sockets, ...cabinets]);
    needsSync = false;
  };
  /** Runs a script, after writing this instance's keys back when Redis lost them or was away. */
  const run = async <T>(
    script: (redis: Redis, keys: string[], args: (string | number)[]) => Promise<unknown>,
    args: (string | number)[] = [],
  ): Promise<T> => {
    // Stopped: the sockets still closing must not put this instance back in the registry.
    if (disposed) throw new RedisUnavailableError('stopped');
    if (needsSync) await sync();
    let result = await script(redis, [REGISTRY], [...base(), ...args]);
    if (result === 'FRESH') {
      await sync();
      result = await script(redis, [REGISTRY], [...base(), ...args]);
    }
    cameBack();
    return result as T;
  };

  const heartbeat = async () => {
    try {
      const closed = await run<number[]>(heartbeatScript);
      if (closed.length > 0) options.onAccountsClosed?.(closed);
    } catch (error) {
      try {
        wentAway(error);
      } catch (other) {
        log.error({ err: other }, 'presence: the heartbeat failed');
      }
    }
  };
  const timer = setInterval(() => void heartbeat(), options.heartbeatMs ?? PRESENCE_HEARTBEAT_MS);
  timer.unref();

  return {
    heartbeat,
    async add(id) {
      sockets.add(id);
      try {
        await run(addScript, [id]);
      } catch (error) {
        wentAway(error);
      }
    },
    async remove(id) {
      // This instance's copy changes after Redis: a rewrite on the way must still hold the socket.
      const accountId = cabinetOf.get(id);
      try {
        const closed = await run<number>(removeScript, [id]);
        return { accountClosed: closed >= 0 ? closed : null };
      } catch (error) {
        wentAway(error);
        // Stopping: the instance that takes this one out of the registry closes the cabinets
        // that were open only here (it sees the others; this one closing its last socket does not).
        if (disposed) return { accountClosed: null };
        // Meanwhile only this instance's sockets are known.
        cabinetOf.delete(id);
        return {
          accountClosed: accountId !== undefined && cabinetSockets(accountId) === 0 ? accountId : null,
        };
      } finally {
        sockets.delete(id);
        cabinetOf.delete(id);
      }
    },
    async count() {
      try {
        lastCount = await run<number>(countScript);
        return lastCount;
      } catch (error) {
        wentAway(error);
        // The last shared figure, or this instance's own before there was one.
        return lastCount ?? sockets.size;
      }
    },
    async markCabinet(id, accountId, open) {
      const before = cabinetSockets(accountId) > 0;
      const apply = () => {
        if (open && sockets.has(id)) cabinetOf.set(id, accountId);
        else cabinetOf.delete(id);
      };
      try {
        const [after, changed] = await run<[number, number]>(markScript, [id, accountId, open ? 1 : 0]);
        apply();
        return { open: after === 1, changed: changed === 1 };
      } catch (error) {
        apply();
        wentAway(error);
        const after = cabinetSockets(accountId) > 0;
        return { open: after, changed: before !== after };
      }
    },
    async openCabinets() {
      return run<number[]>(openAccountsScript);
    },
    async dispose() {
      clearInterval(timer);
      disposed = true;
      // This instance counts no more at once; the next heartbeat of another instance (or of the
      // next one to start) takes its keys away and closes the cabinets that were open only here.
      try {
        await whenReady(redis, (client) => client.zadd(REGISTRY, 0, instanceId));
      } catch {
        // Redis is away: the TTL takes it out.
      }
    },
  };
}

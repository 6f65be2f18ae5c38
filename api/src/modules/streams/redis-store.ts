// The streams' state shared by several API instances through Redis (issue 29): a hash per stream
// on air (status, chat switch, peak), its chat (a capped list), nicknames, mutes and the pace of
// lines; its viewers in one set per instance, counted over the instances still alive (a registry
// of instances by the time they stop counting), so a dead instance's viewers stop counting within
// the TTL. Each instance keeps a copy of its own viewers and writes it back when Redis lost it.
// Scripts keep each change atomic; times come from Redis (TIME) where instances compare them.
import type { FastifyBaseLogger } from 'fastify';
import { CHAT_HISTORY_LINES, type ChatLine } from 'contracts/streams';
import type { Redis } from 'ioredis';
import { REDIS_KEY_PREFIX, RedisUnavailableError, redisScript, whenReady } from '../../lib/redis-scripts';
import type { StreamRecordState, StreamStore } from './store';

/** How often an instance says it is alive (and its viewer sets are kept). */
export const STREAMS_HEARTBEAT_MS = 5_000;
/** An instance not heard of for this long: its viewers count no more. */
export const STREAMS_TTL_MS = 15_000;

const REGISTRY = `${REDIS_KEY_PREFIX}streams:instances`;
/** The streams on air (their ids), for finding those whose model's instance died. */
const ON_AIR = `${REDIS_KEY_PREFIX}streams:on-air`;
/** The keys of one stream start with this and its id. */
const STREAM = `${REDIS_KEY_PREFIX}stream:`;

// KEYS[1] the registry; ARGV[1] this instance, ARGV[2] the TTL, ARGV[3] the stream.
const PRELUDE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local me = ARGV[1]
local ttl = tonumber(ARGV[2])
local fresh = redis.call('ZADD', KEYS[1], now + ttl, me)
if fresh == 1 and ARGV[#ARGV] ~= 'sync' then return 'FRESH' end
local s = '${STREAM}' .. ARGV[3] .. ':'
local function viewers()
  local n = 0
  for _, inst in ipairs(redis.call('ZRANGEBYSCORE', KEYS[1], now, '+inf')) do
    n = n + redis.call('SCARD', s .. 'viewers:' .. inst)
  end
  return n
end
local function state()
  local fields = redis.call('HGETALL', s .. 'state')
  if #fields == 0 then return nil end
  fields[#fields + 1] = 'viewers'
  fields[#fields + 1] = tostring(viewers())
  return fields
end
`;

// ARGV[4..8] the state, ARGV[9..] this instance's viewers of it (the state is opened again after
// Redis lost it, its viewers still watching).
const openScript = redisScript(`${PRELUDE}
if redis.call('EXISTS', s .. 'state') == 1 then return 0 end
redis.call('HSET', s .. 'state', 'profileId', ARGV[4], 'accountId', ARGV[5], 'profileName', ARGV[6],
  'status', ARGV[7], 'chatEnabled', ARGV[8], 'peakViewers', tostring(#ARGV - 8))
for i = 9, #ARGV do redis.call('SADD', s .. 'viewers:' .. me, ARGV[i]) end
redis.call('PEXPIRE', s .. 'viewers:' .. me, ttl * 4)
redis.call('SADD', '${ON_AIR}', ARGV[3])
return 1`);

const getScript = redisScript(`${PRELUDE}
return state()`);

const updateScript = redisScript(`${PRELUDE}
if redis.call('EXISTS', s .. 'state') == 0 then return nil end
for i = 4, #ARGV - 1, 2 do redis.call('HSET', s .. 'state', ARGV[i], ARGV[i + 1]) end
return state()`);

// ARGV[4] the socket, ARGV[5] '1' to add, '0' to remove.
const viewerScript = redisScript(`${PRELUDE}
if redis.call('EXISTS', s .. 'state') == 0 then return nil end
local mine = s .. 'viewers:' .. me
if ARGV[5] == '1' then redis.call('SADD', mine, ARGV[4]) else redis.call('SREM', mine, ARGV[4]) end
redis.call('PEXPIRE', mine, ttl * 4)
local n = viewers()
local peak = tonumber(redis.call('HGET', s .. 'state', 'peakViewers') or '0')
if n > peak then
  peak = n
  redis.call('HSET', s .. 'state', 'peakViewers', tostring(n))
end
return {n, peak}`);

// ARGV[4] the visitor, ARGV[5] the name, ARGV[6] its lower-cased key.
const claimScript = redisScript(`${PRELUDE}
if redis.call('EXISTS', s .. 'state') == 0 then return 0 end
local holder = redis.call('HGET', s .. 'holders', ARGV[6])
if holder and holder ~= ARGV[4] then return 0 end
local earlier = redis.call('HGET', s .. 'nickkey', ARGV[4])
if earlier then redis.call('HDEL', s .. 'holders', earlier) end
redis.call('HSET', s .. 'nick', ARGV[4], ARGV[5])
redis.call('HSET', s .. 'nickkey', ARGV[4], ARGV[6])
redis.call('HSET', s .. 'holders', ARGV[6], ARGV[4])
return 1`);

const muteScript = redisScript(`${PRELUDE}
if redis.call('EXISTS', s .. 'state') == 1 then redis.call('SADD', s .. 'muted', ARGV[4]) end
return 1`);

// ARGV[4] the chatter, ARGV[5] now (the caller's clock, as in memory), ARGV[6] the interval.
const slotScript = redisScript(`${PRELUDE}
if redis.call('EXISTS', s .. 'state') == 0 then return 0 end
local last = redis.call('HGET', s .. 'lineat', ARGV[4])
if last and tonumber(ARGV[5]) - tonumber(last) < tonumber(ARGV[6]) then return 0 end
redis.call('HSET', s .. 'lineat', ARGV[4], ARGV[5])
return 1`);

const addLineScript = redisScript(`${PRELUDE}
if redis.call('EXISTS', s .. 'state') == 0 then return 0 end
redis.call('RPUSH', s .. 'lines', ARGV[4])
redis.call('LTRIM', s .. 'lines', -tonumber(ARGV[5]), -1)
return 1`);

const removeLineScript = redisScript(`${PRELUDE}
for _, item in ipairs(redis.call('LRANGE', s .. 'lines', 0, -1)) do
  if cjson.decode(item).id == ARGV[4] then
    redis.call('LREM', s .. 'lines', 1, item)
    return 1
  end
end
return 0`);

const closeScript = redisScript(`${PRELUDE}
local last = state()
redis.call('SREM', '${ON_AIR}', ARGV[3])
local keys = {s .. 'state', s .. 'nick', s .. 'nickkey', s .. 'holders', s .. 'muted', s .. 'lineat', s .. 'lines', s .. 'holder'}
for _, inst in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do keys[#keys + 1] = s .. 'viewers:' .. inst end
redis.call('DEL', unpack(keys))
return last`);

// The heartbeat: ARGV[3] unused; ARGV[4..] the streams this instance has viewers on. Answers
// whether another instance is alive; takes the dead ones out of the registry.
const heartbeatScript = redisScript(`${PRELUDE}
for i = 4, #ARGV do
  if ARGV[i] ~= 'sync' then redis.call('PEXPIRE', '${STREAM}' .. ARGV[i] .. ':viewers:' .. me, ttl * 4) end
end
-- Kept a TTL past their end: the streams they held are found (orphans) before they go.
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', '(' .. (now - ttl))
return redis.call('ZCOUNT', KEYS[1], now, '+inf') - 1`);

// Her socket is on this instance now: it holds the stream (its end is this instance's grace).
const holdScript = redisScript(`${PRELUDE}
if redis.call('EXISTS', s .. 'state') == 1 then redis.call('SET', s .. 'holder', me) end
return 1`);

// The streams on air whose holder stopped beating more than ARGV[4] ms ago (a grace for her to
// come back through another instance); streams whose state is gone leave the index.
const orphansScript = redisScript(`${PRELUDE}
local out = {}
for _, id in ipairs(redis.call('SMEMBERS', '${ON_AIR}')) do
  local key = '${STREAM}' .. id .. ':'
  if redis.call('EXISTS', key .. 'state') == 0 then
    redis.call('SREM', '${ON_AIR}', id)
  else
    local holder = redis.call('GET', key .. 'holder')
    if holder then
      local seen = redis.call('ZSCORE', KEYS[1], holder)
      if not seen or tonumber(seen) < now - tonumber(ARGV[4]) then out[#out + 1] = tonumber(id) end
    end
  end
end
return out`);

// A clean stop: this instance is dead from now on (its viewers stop counting at once).
const leaveScript = redisScript(`${PRELUDE}
redis.call('ZADD', KEYS[1], now, me)
return 1`);

// Writes this instance's viewers back (Redis lost them): ARGV[4..] pairs of stream and socket,
// then 'sync'. A stream whose state is gone too is opened again from its row by the instance that
// finds it so (service.ts); its viewers are already back then.
const syncScript = redisScript(`${PRELUDE}
for i = 4, #ARGV - 1, 2 do
  local key = '${STREAM}' .. ARGV[i] .. ':viewers:' .. me
  redis.call('SADD', key, ARGV[i + 1])
  redis.call('PEXPIRE', key, ttl * 4)
end
return 1`);

const key = (name: string) => name.toLocaleLowerCase('ru');

function parseState(fields: unknown): StreamRecordState | null {
  if (!Array.isArray(fields)) return null;
  const map = new Map<string, string>();
  for (let i = 0; i + 1 < fields.length; i += 2) map.set(String(fields[i]), String(fields[i + 1]));
  const accountId = map.get('accountId');
  return {
    profileId: Number(map.get('profileId')),
    accountId: accountId ? Number(accountId) : null,
    profileName: map.get('profileName') ?? '',
    status: map.get('status') === 'paused' ? 'paused' : 'live',
    chatEnabled: map.get('chatEnabled') === '1',
    viewers: Number(map.get('viewers') ?? 0),
    peakViewers: Number(map.get('peakViewers') ?? 0),
  };
}

export interface RedisStreamStoreOptions {
  redis: Redis;
  instanceId: string;
  log: FastifyBaseLogger;
  heartbeatMs?: number;
  ttlMs?: number;
}

export interface RedisStreamStore extends StreamStore {
  /** One heartbeat now (the timer runs them every heartbeatMs). */
  heartbeat(): Promise<void>;
}

export function createRedisStreamStore(options: RedisStreamStoreOptions): RedisStreamStore {
  const { redis, instanceId, log } = options;
  const ttlMs = options.ttlMs ?? STREAMS_TTL_MS;
  /** This instance's viewer sockets per stream: the truth for its own viewers. */
  const viewers = new Map<number, Set<string>>();
  let needsSync = false;
  let away = false;
  let others = false;
  let disposed = false;

  const sync = async () => {
    const pairs = [...viewers].flatMap(([streamId, sockets]) => [...sockets].flatMap((id) => [streamId, id]));
    await syncScript(redis, [REGISTRY], [instanceId, ttlMs, 0, ...pairs, 'sync']);
    needsSync = false;
  };
  /** Runs a script on `streamId`, after writing this instance's viewers back when Redis lost them. */
  const run = async (
    script: ReturnType<typeof redisScript>,
    streamId: number,
    args: (string | number)[] = [],
  ): Promise<unknown> => {
    if (disposed) throw new RedisUnavailableError('stopped');
    try {
      if (needsSync) await sync();
      const call = () => script(redis, [REGISTRY], [instanceId, ttlMs, streamId, ...args]);
      let result = await call();
      if (result === 'FRESH') {
        await sync();
        result = await call();
      }
      if (away) log.info('streams: Redis is back; the streams are shared again');
      away = false;
      return result;
    } catch (error) {
      if (error instanceof RedisUnavailableError) {
        needsSync = true;
        if (!away && !disposed) log.warn('streams: Redis is away; chats and counts are reconnecting');
        away = true;
      }
      throw error;
    }
  };

  const heartbeat = async () => {
    try {
      const count = await run(heartbeatScript, 0, [...viewers.keys()]);
      others = Number(count) > 0;
    } catch (error) {
      if (!(error instanceof RedisUnavailableError))
        log.error({ err: error }, 'streams: the heartbeat failed');
    }
  };
  const timer = setInterval(() => void heartbeat(), options.heartbeatMs ?? STREAMS_HEARTBEAT_MS);
  timer.unref();

  const viewerChange = async (streamId: number, socketId: string, add: boolean) => {
    const mine = viewers.get(streamId) ?? new Set<string>();
    if (add) {
      mine.add(socketId);
      viewers.set(streamId, mine);
    }
    try {
      const result = await run(viewerScript, streamId, [socketId, add ? 1 : 0]);
      if (!Array.isArray(result)) {
        viewers.delete(streamId);
        return null;
      }
      return { viewers: Number(result[0]), peakViewers: Number(result[1]) };
    } finally {
      if (!add) {
        mine.delete(socketId);
        if (mine.size === 0) viewers.delete(streamId);
      }
    }
  };

  return {
    heartbeat,
    async open(streamId, state) {
      await run(openScript, streamId, [
        state.profileId,
        state.accountId ?? '',
        state.profileName,
        state.status,
        state.chatEnabled ? 1 : 0,
        ...(viewers.get(streamId) ?? []),
      ]);
    },
    async get(streamId) {
      return parseState(await run(getScript, streamId));
    },
    async update(streamId, change) {
      const args: (string | number)[] = [];
      if (change.status !== undefined) args.push('status', change.status);
      if (change.chatEnabled !== undefined) args.push('chatEnabled', change.chatEnabled ? 1 : 0);
      return parseState(await run(updateScript, streamId, [...args, 'end']));
    },
    addViewer: (streamId, socketId) => viewerChange(streamId, socketId, true),
    removeViewer: (streamId, socketId) => viewerChange(streamId, socketId, false),
    async nicknameOf(streamId, visitor) {
      return whenReady(redis, (client) => client.hget(`${STREAM}${streamId}:nick`, visitor));
    },
    async claimNickname(streamId, visitor, name) {
      return (await run(claimScript, streamId, [visitor, name, key(name)])) === 1;
    },
    async mute(streamId, name) {
      await run(muteScript, streamId, [key(name)]);
    },
    async isMuted(streamId, name) {
      return (
        (await whenReady(redis, (client) => client.sismember(`${STREAM}${streamId}:muted`, key(name)))) === 1
      );
    },
    async takeLineSlot(streamId, chatter, now, intervalMs) {
      return (await run(slotScript, streamId, [chatter, now, intervalMs])) === 1;
    },
    async addLine(streamId, line) {
      await run(addLineScript, streamId, [JSON.stringify(line), CHAT_HISTORY_LINES]);
    },
    async removeLine(streamId, lineId) {
      return (await run(removeLineScript, streamId, [lineId])) === 1;
    },
    async history(streamId) {
      const lines = await whenReady(redis, (client) => client.lrange(`${STREAM}${streamId}:lines`, 0, -1));
      return lines.map((line) => JSON.parse(line) as ChatLine);
    },
    async close(streamId) {
      viewers.delete(streamId);
      return parseState(await run(closeScript, streamId));
    },
    async holdModel(streamId) {
      await run(holdScript, streamId);
    },
    async orphaned(graceMs) {
      return (await run(orphansScript, 0, [graceMs])) as number[];
    },
    async otherInstancesAlive() {
      await heartbeat();
      return others;
    },
    async dispose() {
      clearInterval(timer);
      disposed = true;
      // This instance's viewers count no more at once (the sets go when their keys expire).
      try {
        await leaveScript(redis, [REGISTRY], [instanceId, ttlMs, 0, 'sync']);
      } catch {
        // Redis is away: the TTL takes it out.
      }
    },
  };
}

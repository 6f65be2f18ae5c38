// Small pieces the Redis stores share (presence, streams): Lua scripts run by their SHA, and a
// call that fails at once while Redis is away instead of waiting in the client's offline queue.
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/** Redis does not answer now (disconnected, or too slow): the caller falls back or says so. */
export class RedisUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('Redis is not available', { cause });
    this.name = 'RedisUnavailableError';
  }
}

/** Every key and channel the API writes in Redis starts with this (a shared Redis stays tidy). */
export const REDIS_KEY_PREFIX = 'classifieds:';

/** How long one command may take before the store treats Redis as away. */
const COMMAND_TIMEOUT_MS = 2_000;

/**
 * Runs `command` when the connection is ready, within COMMAND_TIMEOUT_MS. ioredis would queue a
 * command while reconnecting and answer it much later; a socket or a page must not wait for that.
 */
export async function whenReady<T>(redis: Redis, command: (redis: Redis) => Promise<T>): Promise<T> {
  if (redis.status !== 'ready') throw new RedisUnavailableError();
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      command(redis),
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new RedisUnavailableError('timeout')), COMMAND_TIMEOUT_MS);
      }),
    ]);
  } catch (error) {
    if (error instanceof RedisUnavailableError) throw error;
    // A connection error is an outage; a script's own error (a bug) is not.
    if (redis.status !== 'ready') throw new RedisUnavailableError(error);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** A Lua script sent once and then run by its SHA (EVALSHA, EVAL when Redis has not got it yet). */
export function redisScript(lua: string) {
  const sha = createHash('sha1').update(lua).digest('hex');
  return (redis: Redis, keys: string[], args: (string | number)[]): Promise<unknown> =>
    whenReady(redis, async (client) => {
      try {
        return await client.evalsha(sha, keys.length, ...keys, ...args);
      } catch (error) {
        if (!String(error).includes('NOSCRIPT')) throw error;
        return client.eval(lua, keys.length, ...keys, ...args);
      }
    });
}

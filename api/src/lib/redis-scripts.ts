// Small pieces the Redis stores share (presence, streams): Lua scripts, and a call that fails at
// once while Redis is away instead of waiting in the client's offline queue.
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

/**
 * A Lua script run through ioredis's own script commands (`defineCommand`: EVALSHA, and EVAL when
 * Redis has not got it yet), defined on a connection at its first use.
 */
export function redisScript(lua: string) {
  const name = `script_${createHash('sha1').update(lua).digest('hex')}`;
  type Scripted = Record<string, (...args: (string | number)[]) => Promise<unknown>>;
  return (redis: Redis, keys: string[], args: (string | number)[]): Promise<unknown> =>
    whenReady(redis, (client) => {
      const scripted = client as unknown as Scripted;
      // Without `numberOfKeys`, the command takes the number of keys as its first argument.
      if (typeof scripted[name] !== 'function') client.defineCommand(name, { lua });
      return (scripted[name] as Scripted[string])(keys.length, ...keys, ...args);
    });
}

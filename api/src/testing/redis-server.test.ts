import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { hasRedisServer, NO_REDIS_SERVER, type RedisServer, startRedisServer } from './redis-server';

describe.skipIf(!hasRedisServer)(`a throwaway Redis ${hasRedisServer ? '' : NO_REDIS_SERVER}`, () => {
  let server: RedisServer | undefined;
  afterAll(async () => {
    await server?.stop();
  });

  it('takes commands, goes away when stopped and comes back empty on the same port', async () => {
    server = await startRedisServer();
    const client = new Redis(server.url, { lazyConnect: true, maxRetriesPerRequest: 0 });
    await client.connect();
    await client.set('key', 'value');
    expect(await client.get('key')).toBe('value');
    client.disconnect();

    await server.stop(true);
    const refused = new Redis(server.url, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    await expect(refused.connect()).rejects.toThrow();
    refused.disconnect();

    await server.start();
    const again = new Redis(server.url, { lazyConnect: true, maxRetriesPerRequest: 0 });
    await again.connect();
    expect(await again.get('key')).toBeNull();
    again.disconnect();
  });
});

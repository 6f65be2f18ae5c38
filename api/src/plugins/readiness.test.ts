import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../testing/create-test-app';

const t = testAppForFile();
// A second app whose checks the tests below add to (and which the last one closes), with its log kept.
const lines: string[] = [];
const u = testAppForFile({
  logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
});

describe('GET /api/ready', () => {
  it('is 200 when the database answers and no other check is registered', async () => {
    const response = await t.app.inject({ url: '/api/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', failed: [] });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('is 503 naming the checks that fail, throw or hang past the timeout; the liveness stays 200', async () => {
    const app = u.app;
    {
      let redisUp = true;
      app.readiness.add('redis', async () => redisUp);
      app.readiness.add('throws', async () => {
        throw new Error('gone');
      });
      expect(() => app.readiness.add('redis', async () => true)).toThrow(/already registered/);
      const notReady = await app.inject({ url: '/api/ready' });
      expect(notReady.statusCode).toBe(503);
      expect(notReady.json()).toEqual({ status: 'not_ready', failed: ['throws'] });
      redisUp = false;
      expect((await app.inject({ url: '/api/ready' })).json().failed).toEqual(['redis', 'throws']);
      expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
    }
  });

  it('fails a check that never answers within the timeout', async () => {
    const app = u.app;
    {
      app.readiness.add('stuck', () => new Promise<boolean>(() => undefined));
      const started = Date.now();
      const response = await app.inject({ url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json().failed).toContain('stuck');
      expect(Date.now() - started).toBeLessThan(5_000);
    }
  });

  it('is 503 closing once the shutdown began, while the checks still pass', async () => {
    const app = u.app;
    {
      app.readiness.close();
      const response = await app.inject({ url: '/api/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'closing', failed: [] });
    }
  });
});

describe('the request id', () => {
  it("takes the balancer's x-request-id, echoes it, and makes a UUID when there is none or it is not sane", async () => {
    const given = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'lb-7f3a.92:1' } });
    expect(given.headers['x-request-id']).toBe('lb-7f3a.92:1');
    const none = await t.app.inject({ url: '/api/health' });
    expect(none.headers['x-request-id']).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    );
    const other = await t.app.inject({ url: '/api/health' });
    expect(other.headers['x-request-id']).not.toBe(none.headers['x-request-id']);
    for (const insane of ['a'.repeat(129), 'two words', 'line\\nbreak', '{"json":1}', '-leading']) {
      const response = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': insane } });
      expect(response.headers['x-request-id']).not.toBe(insane);
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('is the id of the request in the JSON log lines', async () => {
    await u.app.inject({ url: '/api/health', headers: { 'x-request-id': 'trace-42' } });
    const logged = lines.map((line) => JSON.parse(line)).filter((entry) => entry.reqId === 'trace-42');
    // "incoming request" and "request completed", both JSON with the balancer's id.
    expect(logged.map((entry) => entry.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('is echoed on an error answer too', async () => {
    const response = await t.app.inject({ url: '/api/model/abc', headers: { 'x-request-id': 'err-1' } });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.headers['x-request-id']).toBe('err-1');
  });
});

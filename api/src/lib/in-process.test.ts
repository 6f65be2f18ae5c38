import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../testing/create-test-app';
import { IN_PROCESS_HEADER, inProcessHeaders } from './in-process';

const t = testAppForFile({ metrics: { allow: '127.0.0.0/8, ::1/128' } });

const constantsCount = async () => {
  const text = (await t.app.inject({ url: '/metrics' })).body;
  const line = text
    .split('\n')
    .find((candidate) =>
      candidate.startsWith(
        'http_request_duration_seconds_count{method="GET",route="/api/constants",status_code="200"}',
      ),
    );
  return line === undefined ? 0 : Number(line.split(' ').at(-1));
};

describe("a server-rendered page's own reads", () => {
  it('answer the same body without what only a browser needs, and are not counted as requests', async () => {
    const before = await constantsCount();
    const own = await t.app.inject({ url: '/api/constants', headers: inProcessHeaders });
    const browser = await t.app.inject({ url: '/api/constants' });
    expect(own.statusCode).toBe(200);
    expect(own.body).toBe(browser.body);
    // A browser's answer carries the security headers, the request id and (for a private answer)
    // the visitor's cookies; the page's own read carries none: the page's answer brings them.
    expect(browser.headers['content-security-policy']).toBeDefined();
    expect(browser.headers['x-request-id']).toBeDefined();
    expect(own.headers['content-security-policy']).toBeUndefined();
    expect(own.headers['x-request-id']).toBeUndefined();
    const privateRead = await t.app.inject({ url: '/api/auth/session', headers: inProcessHeaders });
    expect(privateRead.headers['set-cookie']).toBeUndefined();
    expect((await t.app.inject({ url: '/api/auth/session' })).headers['set-cookie']).toBeDefined();
    // The browser's read is counted once; the page's own reads are not.
    expect(await constantsCount()).toBe(before + 1);
  });

  it('cannot be claimed by a client: the mark is a value only this process knows', async () => {
    for (const value of ['1', 'true', '']) {
      const forged = await t.app.inject({
        url: '/api/auth/session',
        headers: { [IN_PROCESS_HEADER]: value },
      });
      expect(forged.headers['content-security-policy']).toBeDefined();
      expect(forged.headers['set-cookie']).toBeDefined();
    }
  });

  it("that take no input are answered by the routes' own functions, with the JSON the routes send", async () => {
    expect([...t.app.inProcessReads.keys()].sort()).toEqual(['/api/constants', '/api/model/online-count']);
    for (const [path, read] of t.app.inProcessReads) {
      const routed = await t.app.inject({ url: path });
      expect(routed.statusCode).toBe(200);
      expect(JSON.stringify(await read())).toBe(routed.body);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { seed } from '../db/seed';
import { testAppForFile } from '../testing/create-test-app';
import { findInProcessRead, IN_PROCESS_HEADER, inProcessHeaders } from './in-process';

const t = testAppForFile({ metrics: { allow: '127.0.0.0/8, ::1/128' } }, async ({ db }) => {
  await seed(db, { profiles: 40, demoOnline: true });
});

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

  it("are answered by the routes' own functions with the JSON the routes send, and throw for the rest", async () => {
    expect([...t.app.inProcessReads.keys()].sort()).toEqual([
      '/api/constants',
      '/api/model',
      '/api/model/:id',
      '/api/model/online-count',
      '/api/streams/live',
    ]);
    const listed = (await t.app.inject('/api/model')).json<{ items: { id: number }[] }>().items;
    expect(listed.length).toBeGreaterThan(2);
    const asked = [
      '/api/constants',
      '/api/model/online-count',
      '/api/model',
      '/api/model?category=massage&page=2',
      '/api/model?category=elite&city=moscow&priceMax=15000',
      '/api/model?online=true&appearance=ASIAN,SLAVIC',
      '/api/model?page=999',
      ...listed.slice(0, 3).map((card) => `/api/model/${card.id}`),
      '/api/streams/live',
      '/api/streams/live?category=individual',
      '/api/streams/live?category=bdsm&city=moscow',
    ];
    let withCards = 0;
    let profiles = 0;
    for (const url of asked) {
      const address = new URL(url, 'http://x');
      const found = findInProcessRead(t.app.inProcessReads, address.pathname);
      expect(found, url).toBeDefined();
      const query: Record<string, string | string[]> = {};
      for (const name of new Set(address.searchParams.keys())) {
        const values = address.searchParams.getAll(name);
        query[name] = values.length > 1 ? values : (values[0] as string);
      }
      for (const language of ['ru', 'en']) {
        const routed = await t.app.inject({ url, headers: { 'accept-language': language } });
        expect(routed.statusCode, `${url}: ${routed.body}`).toBe(200);
        const json = await found?.read({ query, params: found.params, acceptLanguage: language });
        expect(json, `${url} in ${language}`).toBe(routed.body);
        if (json?.includes('"items":[{')) withCards += 1;
        if (json?.includes('"services":')) profiles += 1;
      }
    }
    // Not only empty answers were compared.
    expect(withCards).toBeGreaterThanOrEqual(4);
    expect(profiles).toBe(6);
    // An invalid query or a profile no visitor sees is not answered here: the route answers it.
    const missing = Math.max(...listed.map((card) => card.id)) + 1000;
    for (const [url, status] of [
      ['/api/model?page=0', 400],
      ['/api/model?category=nope', 400],
      ['/api/streams/live?category=nope', 400],
      [`/api/model/${missing}`, 404],
    ] as const) {
      const address = new URL(url, 'http://x');
      const found = findInProcessRead(t.app.inProcessReads, address.pathname);
      const query = Object.fromEntries(address.searchParams);
      await expect(found?.read({ query, params: found.params, acceptLanguage: 'ru' })).rejects.toThrow();
      expect((await t.app.inject(url)).statusCode, url).toBe(status);
    }
    // A path no read is registered for goes through its route.
    expect(findInProcessRead(t.app.inProcessReads, '/api/cities')).toBeUndefined();
    expect(findInProcessRead(t.app.inProcessReads, '/api/model/abc')).toBeUndefined();
  });
});

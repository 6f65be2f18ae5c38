// The listing as it is sent: a page shared by the cache answers what a page read for its request
// answers (bytes and headers), and its compressed copies, made once, are what @fastify/compress
// would have sent: the same encoding for every Accept-Encoding, the same Vary.
import type { ApiErrorBody, ModelListResponse } from 'contracts';
import type { LightMyRequestResponse } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seed } from '../../db/seed';
import { createTestApp, type TestApp } from '../../testing/create-test-app';

let cached: TestApp;
let uncached: TestApp;

beforeAll(async () => {
  [cached, uncached] = await Promise.all([
    createTestApp({ listingCacheMs: 60_000 }),
    createTestApp({ listingCacheMs: 0 }),
  ]);
  await Promise.all([seed(cached.db, { profiles: 40 }), seed(uncached.db, { profiles: 40 })]);
});

afterAll(async () => {
  await Promise.all([cached?.close(), uncached?.close()]);
});

const PAGE = '/api/model?category=individual&page=1';

/** The headers a visitor's answer carries, without those that differ between any two answers. */
function lasting(response: LightMyRequestResponse) {
  const { 'x-request-id': _id, date: _date, 'set-cookie': _cookies, ...headers } = response.headers;
  return headers;
}

function decoded(response: LightMyRequestResponse): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  return response.body;
}

describe('a listing page shared by the cache', () => {
  it('answers the bytes and headers of the page read for it, again and again', async () => {
    const first = await cached.app.inject(PAGE);
    const second = await cached.app.inject(PAGE);
    expect(first.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(lasting(second)).toEqual(lasting(first));
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.headers.vary).toBe('Accept-Language');
    expect(first.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(Number(first.headers['content-length'])).toBe(first.rawPayload.length);
    expect(first.json<ModelListResponse>().items.length).toBeGreaterThan(0);

    // The same headers as the page read for one request (the app without the cache).
    const fresh = await uncached.app.inject(PAGE);
    expect(lasting(first)).toEqual(lasting(fresh));
  });

  it('is sent in each language it was asked in', async () => {
    const russian = await cached.app.inject(PAGE);
    const english = await cached.app.inject({ url: PAGE, headers: { 'accept-language': 'en' } });
    expect(russian.json<ModelListResponse>().items[0]?.photo?.alt).toMatch(/фото 1$/);
    expect(english.json<ModelListResponse>().items[0]?.photo?.alt).toMatch(/photo 1$/);
  });

  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['deflate, gzip;q=0.5', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.4, br;q=0.8', 'br'],
    ['BR', 'br'],
    ['x-gzip', 'gzip'],
    ['*', 'gzip'],
    ['identity', undefined],
    ['deflate', undefined],
    ['br;q=0, gzip;q=0', undefined],
    ['', undefined],
  ])('Accept-Encoding "%s": encoded as %s, as the compress plugin chooses', async (accept, encoding) => {
    const plain = await cached.app.inject(PAGE);
    const answer = await cached.app.inject({ url: PAGE, headers: { 'accept-encoding': accept } });
    // The plugin's own choice, on a page it compresses itself (read for this request).
    const plugin = await uncached.app.inject({ url: PAGE, headers: { 'accept-encoding': accept } });
    expect(plugin.headers['content-encoding']).toBe(encoding);
    expect(answer.headers['content-encoding']).toBe(encoding);
    expect(answer.headers.vary).toBe(plugin.headers.vary);
    expect(answer.headers.vary).toBe(encoding ? 'Accept-Language, accept-encoding' : 'Accept-Language');
    expect(decoded(answer)).toBe(plain.body);
    if (encoding) {
      expect(answer.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      // Known length: the compressed copy is whole before it is sent.
      expect(Number(answer.headers['content-length'])).toBe(answer.rawPayload.length);
      // Compressed once: the next request gets the same bytes.
      const again = await cached.app.inject({ url: PAGE, headers: { 'accept-encoding': accept } });
      expect(again.rawPayload.equals(answer.rawPayload)).toBe(true);
    }
  });

  it('is sent plain to a request saying x-no-compression, and when it is under the threshold', async () => {
    const refused = await cached.app.inject({
      url: PAGE,
      headers: { 'accept-encoding': 'br', 'x-no-compression': '1' },
    });
    expect(refused.headers['content-encoding']).toBeUndefined();
    // A page past the last one is a few dozen bytes.
    const empty = await cached.app.inject({
      url: '/api/model?page=9999',
      headers: { 'accept-encoding': 'br' },
    });
    expect(empty.json<ModelListResponse>().items).toEqual([]);
    expect(empty.headers['content-encoding']).toBeUndefined();
    expect(empty.headers.vary).toBe('Accept-Language');
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const get = await cached.app.inject({ url: PAGE, headers: { 'accept-encoding': 'br' } });
    const head = await cached.app.inject({ method: 'HEAD', url: PAGE, headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(lasting(head)).toEqual(lasting(get));
  });
});

describe('the listing query, validated once per set of parameters', () => {
  it('answers a query asked again as the first time, in any order of its parameters', async () => {
    const a = await cached.app.inject('/api/model?category=elite&page=1');
    const b = await cached.app.inject('/api/model?category=elite&page=1');
    const c = await cached.app.inject('/api/model?page=1&category=elite');
    expect(a.statusCode).toBe(200);
    expect(b.body).toBe(a.body);
    expect(c.body).toBe(a.body);
  });

  it('still refuses bad parameters next to remembered good ones, each time', async () => {
    expect((await cached.app.inject('/api/model?city=moscow&page=2')).statusCode).toBe(200);
    for (const url of [
      // Reads like the remembered query if names and values were simply run together.
      `/api/model?city=${encodeURIComponent('moscow\u0000page\u00002')}`,
      '/api/model?city=moscow&page=2&page=3',
      '/api/model?city=moscow&page=0',
      '/api/model?city=moscow&page=0',
    ]) {
      const response = await cached.app.inject(url);
      expect(response.statusCode).toBe(400);
      expect(response.json<ApiErrorBody>().code).toBe('VALIDATION_FAILED');
    }
  });
});

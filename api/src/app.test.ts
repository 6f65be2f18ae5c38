import { type ApiErrorBody, type HealthResponse, ROOT_FIELD, type SiteConstants } from 'contracts';
import { contractsLocales } from 'contracts/locales';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from './lib/validation';
import { createTestApp, type TestApp } from './testing/create-test-app';

let t: TestApp;

const bodySchema = v.object({
  name: v.pipe(v.string('validation.nameRequired'), v.minLength(2, 'validation.nameTooShort')),
  contacts: v.object({ phone: v.pipe(v.string(), v.regex(/^\+\d{11}$/, 'validation.invalidPhone')) }),
});

beforeAll(async () => {
  t = await createTestApp();
  // Routes that exist only here, to drive the error handling that real routes will rely on.
  // Exempt from CSRF: these tests are about how bad bodies are reported (CSRF has its own tests).
  t.app.post('/api/test/echo', { config: { csrf: false } }, async (request) =>
    parse(bodySchema, request.body),
  );
  t.app.get('/api/test/big', async () => ({
    items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: 'Анна' })),
  }));
  t.app.get('/api/test/limited', async (_request, reply) => {
    reply.header('retry-after', '30');
    throw Object.assign(new Error('Rate limit exceeded'), { statusCode: 429 });
  });
  t.app.get('/api/test/crash', async () => {
    throw new Error('secret connection string postgres://user:pw@host/db');
  });
});

afterAll(async () => {
  await t?.close();
});

describe('site endpoints', () => {
  it('reports health with the kind of database in use', async () => {
    const response = await t.app.inject('/api/health');
    expect(response.statusCode).toBe(200);
    expect(response.json<HealthResponse>()).toEqual({
      status: 'ok',
      database: process.env.DATABASE_URL ? 'postgres' : 'pglite',
    });
  });

  it('answers the site slogan in both languages', async () => {
    const response = await t.app.inject('/api/constants');
    const body = response.json<SiteConstants>();
    expect(body.siteSlogan.ru).toMatch(/[а-я]/i);
    expect(body.siteSlogan.en).toMatch(/^[A-Z]/);
  });
});

describe('compression', () => {
  it('compresses API answers for browsers that accept it, and leaves others plain', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/api/test/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    const expected = plain.json();

    const br = await t.app.inject({
      method: 'GET',
      url: '/api/test/big',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(expected);

    const gzip = await t.app.inject({
      method: 'GET',
      url: '/api/test/big',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString('utf8'))).toEqual(expected);
  });
});

describe('errors', () => {
  it('answers unknown API routes with a JSON 404 in the request language', async () => {
    const russian = await t.app.inject('/api/no-such-thing');
    expect(russian.statusCode).toBe(404);
    expect(russian.headers['content-type']).toContain('application/json');
    expect(russian.json<ApiErrorBody>()).toEqual({
      code: 'NOT_FOUND',
      message: contractsLocales.ru.errors.NOT_FOUND,
    });

    const english = await t.app.inject({ url: '/api/no-such-thing', headers: { 'accept-language': 'en' } });
    expect(english.json<ApiErrorBody>()).toEqual({
      code: 'NOT_FOUND',
      message: contractsLocales.en.errors.NOT_FOUND,
    });

    const wrongMethod = await t.app.inject({ method: 'DELETE', url: '/api/model' });
    expect(wrongMethod.statusCode).toBe(404);
  });

  it('answers 404 JSON for any path when no front end is built', async () => {
    const response = await t.app.inject('/girl/12');
    expect(response.statusCode).toBe(404);
    expect(response.json<ApiErrorBody>().code).toBe('NOT_FOUND');
  });

  it('names each bad field of a body, nested ones by their dotted path', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 'A', contacts: { phone: '123' } },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { name: 'validation.nameTooShort', 'contacts.phone': 'validation.invalidPhone' },
    });
  });

  it('falls back to a generic translated message for keys it has no text for', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 'Anna', contacts: { phone: 42 } },
      headers: { 'accept-language': 'en' },
    });
    expect(response.json<ApiErrorBody>()).toEqual({
      code: 'VALIDATION_FAILED',
      message: 'Invalid value',
      fields: { 'contacts.phone': 'validation.invalid' },
    });
  });

  it.each([
    ['unreadable JSON', 'application/json', '{"name": "Anna",', 400],
    ['an empty JSON body', 'application/json', '', 400],
    ['a JSON body that is not an object', 'application/json', '"just a string"', 400],
    ['an unsupported content type', 'application/x-custom', 'name=Anna', 415],
  ])('answers %s with %s as a validation error, not a 500', async (_name, contentType, payload, status) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(response.statusCode).toBe(status);
    const body = response.json<ApiErrorBody>();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.fields ?? {})).toEqual([ROOT_FIELD]);
    expect(body.message).toMatch(/[а-я]/i);
  });

  it('answers a malformed URL with 400', async () => {
    const response = await t.app.inject('/api/model/%E0%A4%A');
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('tells a rate-limited client when to come back, in words and in seconds', async () => {
    const response = await t.app.inject({ url: '/api/test/limited', headers: { 'accept-language': 'en' } });
    expect(response.statusCode).toBe(429);
    const body = response.json<ApiErrorBody>();
    expect(body).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 30, params: { seconds: 30 } });
    expect(body.message).toContain('30');
  });

  it('hides the details of an unexpected failure behind INTERNAL', async () => {
    const response = await t.app.inject({ url: '/api/test/crash', headers: { 'accept-language': 'en' } });
    expect(response.statusCode).toBe(500);
    expect(response.json<ApiErrorBody>()).toEqual({
      code: 'INTERNAL',
      message: contractsLocales.en.errors.INTERNAL,
    });
    expect(response.body).not.toContain('postgres://');
  });
});

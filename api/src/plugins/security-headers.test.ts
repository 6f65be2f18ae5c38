import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/create-test-app';
import { isData, remoteOriginsOf } from './security-headers';

let t: TestApp;
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'security-headers-'));
  const registry = path.join(dir, 'remotes.json');
  await writeFile(
    registry,
    JSON.stringify({
      mfe_catalog: '/mfe/catalog/mf-manifest.json',
      mfe_auth: 'https://cdn.example.com/auth/v7/mf-manifest.json',
    }),
  );
  // A shell build without a server build: its pages are the client-rendered index.html.
  await mkdir(path.join(dir, 'shell', 'dist'), { recursive: true });
  await writeFile(path.join(dir, 'shell', 'dist', 'index.html'), '<!doctype html><title>shell</title>');
  t = await createTestApp({ remotesJson: registry, staticRoot: dir });
});

afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

const directives = (header: string | undefined) =>
  Object.fromEntries(
    (header ?? '').split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );

/** The security headers of an answer (and no others): what a browser is told besides the body. */
const SECURITY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];
const securityHeaders = (response: LightMyRequestResponse) =>
  Object.fromEntries(
    SECURITY_HEADERS.filter((name) => name in response.headers).map((name) => [name, response.headers[name]]),
  );

/** What every JSON answer carries: a policy that allows nothing, no framing, nosniff. */
const DATA_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'cross-origin',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

describe('security headers', () => {
  it('on a page: the policy that lets only this origin and the remotes run, no framing, nosniff', async () => {
    for (const url of ['/', '/girl/1', '/no/such/page']) {
      const response = await t.app.inject(url);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
      const csp = directives(response.headers['content-security-policy'] as string);
      expect(csp['default-src']).toEqual(["'self'"]);
      expect(csp['frame-ancestors']).toEqual(["'none'"]);
      expect(csp['script-src']).toEqual(["'self'", 'https://cdn.example.com']);
      expect(csp['connect-src']).toEqual(["'self'", 'https://cdn.example.com']);
      expect(csp['object-src']).toEqual(["'none'"]);
      // HSTS only where the site is served over https (production with an https PUBLIC_URL).
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it.each(['/api/health', '/api/auth/session', '/api/model?page=1', '/remotes.json'])(
    'on data (%s): a policy that allows nothing, no framing, nosniff, and none of the headers only documents read',
    async (url) => {
      const response = await t.app.inject(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(securityHeaders(response)).toEqual(DATA_HEADERS);
    },
  );

  it('on answers no route gave: a 404 and a refused body', async () => {
    const missing = await t.app.inject('/api/no-such-route');
    expect(missing.statusCode).toBe(404);
    expect(securityHeaders(missing)).toEqual(DATA_HEADERS);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(securityHeaders(refused)).toEqual(DATA_HEADERS);
  });

  it('keep a header the route set itself', async () => {
    const own = await createTestApp();
    try {
      own.app.get('/own-policy', (_request, reply) =>
        reply.type('text/html; charset=utf-8').header('referrer-policy', 'no-referrer').send('<p>own</p>'),
      );
      const response = await own.app.inject('/own-policy');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(directives(response.headers['content-security-policy'] as string)['default-src']).toEqual([
        "'self'",
      ]);
    } finally {
      await own.close();
    }
  });

  it('send HSTS when asked to, on pages and on data', async () => {
    const secure = await createTestApp({ hsts: true, staticRoot: dir });
    try {
      for (const url of ['/api/health', '/']) {
        const response = await secure.app.inject(url);
        expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
      }
    } finally {
      await secure.close();
    }
  });

  it('let the pages load releases from the CDN a deployment names (RELEASE_BASE_URL)', async () => {
    const withCdn = await createTestApp({
      releaseOrigins: ['https://releases.example.net'],
      staticRoot: dir,
    });
    try {
      const csp = String((await withCdn.app.inject('/')).headers['content-security-policy']);
      expect(csp).toMatch(/script-src [^;]*https:\/\/releases\.example\.net/);
    } finally {
      await withCdn.close();
    }
  });

  it('tell data by its content type', () => {
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'application/problem+json',
      'APPLICATION/JSON',
    ])
      expect(isData(type), type).toBe(true);
    for (const type of [
      'text/html; charset=utf-8',
      'application/jsonp',
      'text/json-ish',
      'image/svg+xml',
      undefined,
      12,
    ])
      expect(isData(type), String(type)).toBe(false);
  });

  it('take the origins from the registry, and none from a registry that cannot be read', () => {
    expect(remoteOriginsOf(path.join(dir, 'remotes.json'))).toEqual(['https://cdn.example.com']);
    expect(remoteOriginsOf(path.join(dir, 'missing.json'))).toEqual([]);
  });
});

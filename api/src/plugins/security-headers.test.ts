import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/create-test-app';
import { remoteOriginsOf } from './security-headers';

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

describe('security headers', () => {
  it.each(['/api/health', '/api/auth/session', '/remotes.json'])('are on %s', async (url) => {
    const response = await t.app.inject(url);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(response.headers['x-frame-options']).toBe('DENY');
    const csp = directives(response.headers['content-security-policy'] as string);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['script-src']).toEqual(["'self'", 'https://cdn.example.com']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://cdn.example.com']);
    expect(csp['object-src']).toEqual(["'none'"]);
    // HSTS only where the site is served over https (production with an https PUBLIC_URL).
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('are on answers no route gave: a 404 and a refused body', async () => {
    const missing = await t.app.inject('/api/no-such-route');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-frame-options']).toBe('DENY');
    expect(directives(missing.headers['content-security-policy'] as string)['default-src']).toEqual([
      "'self'",
    ]);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
  });

  it('send HSTS when asked to', async () => {
    const secure = await createTestApp({ hsts: true });
    try {
      const response = await secure.app.inject('/api/health');
      expect(response.headers['strict-transport-security']).toMatch(/max-age=31536000/);
    } finally {
      await secure.close();
    }
  });

  it('let the pages load releases from the CDN a deployment names (RELEASE_BASE_URL)', async () => {
    const withCdn = await createTestApp({ releaseOrigins: ['https://releases.example.net'] });
    try {
      const csp = String((await withCdn.app.inject('/api/health')).headers['content-security-policy']);
      expect(csp).toMatch(/script-src [^;]*https:\/\/releases\.example\.net/);
    } finally {
      await withCdn.close();
    }
  });

  it('take the origins from the registry, and none from a registry that cannot be read', () => {
    expect(remoteOriginsOf(path.join(dir, 'remotes.json'))).toEqual(['https://cdn.example.com']);
    expect(remoteOriginsOf(path.join(dir, 'missing.json'))).toEqual([]);
  });
});

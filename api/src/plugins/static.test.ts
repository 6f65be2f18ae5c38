import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { ApiErrorBody } from 'contracts';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsPlugin } from './errors';
import { cacheControlFor, staticPlugin } from './static';

const IMMUTABLE = 'public, max-age=31536000, immutable';

let root: string;
let app: FastifyInstance;

const shellMain = 'console.log("shell main");'.repeat(20);

async function put(relative: string, content: string | Buffer) {
  const file = path.join(root, relative);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

async function buildStaticApp(remotesJson?: string): Promise<FastifyInstance> {
  const instance = Fastify();
  await instance.register(errorsPlugin);
  await instance.register(staticPlugin, { root, remotesJson });
  return instance;
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'api-static-'));
  await put('shell/dist/index.html', '<!doctype html><title>shell</title>');
  await put('shell/dist/main.3f9a1c2b.js', shellMain);
  await put('shell/dist/main.3f9a1c2b.js.br', brotliCompressSync(shellMain));
  await put('shell/dist/main.3f9a1c2b.js.gz', gzipSync(shellMain));
  await put('shell/dist/remotes.json', '{"catalog":"/mfe/catalog/mf-manifest.json"}');
  await put('shell/dist/locales/ru.json', '{"hello":"привет"}');
  await put('shell/dist/favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await put('mfe-catalog/dist/remoteEntry.js', 'var mfe_catalog;');
  await put('mfe-catalog/dist/mf-manifest.json', '{"name":"mfe_catalog"}');
  await put('mfe-catalog/dist/__federation_expose_routes.a1b2c3d4e5.js', 'export {};');
  await put('mfe-catalog/dist/__federation_expose_routes.a1b2c3d4e5.js.gz', gzipSync('export {};'));
  await put('shell/dist/main.3f9a1c2b.js.map', '{"version":3,"sources":["app.tsx"]}');
  await put('mfe-catalog/dist/__federation_expose_routes.a1b2c3d4e5.js.map', '{"version":3}');
  // mfe-auth is deliberately not built.
  app = await buildStaticApp();
});

afterAll(async () => {
  await app?.close();
  await rm(root, { recursive: true, force: true });
});

describe('static plugin', () => {
  it('serves the shell at / and falls back to it for app routes', async () => {
    for (const url of ['/', '/girl/12', '/category/elite?page=2', '/profile/edit/3', '/login/girl']) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<title>shell</title>');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers 404, never index.html, for missing files with an extension', async () => {
    for (const url of [
      '/missing.js',
      '/main.00000000.js',
      '/locales/de.json',
      '/mfe/catalog/missing.js',
      '/mfe/catalog/mf-manifest.json.map',
    ]) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('<title>shell</title>');
      expect(response.json<ApiErrorBody>().code).toBe('NOT_FOUND');
    }
  });

  it('keeps /api, /ws, /media and /mfe out of the fallback', async () => {
    for (const url of [
      '/api/nothing',
      '/ws',
      '/media/nothing',
      '/mfe',
      '/mfe/auth/remoteEntry.js',
      '/mfe/unknown/page',
    ]) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).not.toContain('<title>shell</title>');
    }
  });

  it('lets hashed files be cached for a year and makes entry files revalidate', async () => {
    const expectations: [string, string][] = [
      ['/main.3f9a1c2b.js', IMMUTABLE],
      ['/mfe/catalog/__federation_expose_routes.a1b2c3d4e5.js', IMMUTABLE],
      ['/index.html', 'no-cache'],
      ['/remotes.json', 'no-cache'],
      ['/locales/ru.json', 'no-cache'],
      ['/favicon.svg', 'no-cache'],
      ['/mfe/catalog/remoteEntry.js', 'no-cache'],
      ['/mfe/catalog/mf-manifest.json', 'no-cache'],
    ];
    for (const [url, cacheControl] of expectations) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe(cacheControl);
    }
  });

  it('serves the precompressed file the browser accepts, brotli first', async () => {
    const brotli = await app.inject({
      url: '/main.3f9a1c2b.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotli.headers['cache-control']).toBe(IMMUTABLE);
    expect(brotli.rawPayload.equals(brotliCompressSync(shellMain))).toBe(true);

    const gzip = await app.inject({ url: '/main.3f9a1c2b.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.rawPayload.equals(gzipSync(shellMain))).toBe(true);

    const plain = await app.inject({ url: '/main.3f9a1c2b.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(shellMain);

    const remote = await app.inject({
      url: '/mfe/catalog/__federation_expose_routes.a1b2c3d4e5.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(remote.headers['content-encoding']).toBe('gzip');
  });

  it('lets any origin load the remotes, and only the remotes', async () => {
    const remote = await app.inject('/mfe/catalog/mf-manifest.json');
    expect(remote.headers['access-control-allow-origin']).toBe('*');
    expect(remote.headers['content-type']).toContain('application/json');
    const shell = await app.inject('/main.3f9a1c2b.js');
    expect(shell.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses to walk out of a dist folder', async () => {
    await put('secret.txt', 'top secret');
    for (const url of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/mfe/catalog/..%2f..%2fsecret.txt',
    ]) {
      const response = await app.inject(url);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(response.body).not.toContain('top secret');
    }
  });

  it('answers a path with broken percent-encoding with 400, not 500', async () => {
    const response = await app.inject('/girl/%E0%A4%A');
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain('<title>shell</title>');
  });

  it('serves REMOTES_JSON instead of the built remotes.json, re-read on every request', async () => {
    const override = path.join(root, 'remotes.override.json');
    await writeFile(override, '{"catalog":"https://cdn.example.com/catalog/mf-manifest.json"}');
    const overridden = await buildStaticApp(override);
    try {
      const first = await overridden.inject('/remotes.json');
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ catalog: 'https://cdn.example.com/catalog/mf-manifest.json' });
      expect(first.headers['cache-control']).toBe('no-cache');

      await writeFile(override, '{"catalog":"https://cdn.example.com/v2/mf-manifest.json"}');
      const second = await overridden.inject('/remotes.json');
      expect(second.json()).toEqual({ catalog: 'https://cdn.example.com/v2/mf-manifest.json' });
    } finally {
      await overridden.close();
    }
  });

  it('refuses to start with a REMOTES_JSON that is missing or not JSON', async () => {
    await expect(buildStaticApp(path.join(root, 'nope.json'))).rejects.toThrow();
    const broken = path.join(root, 'broken.json');
    await writeFile(broken, '{ not json');
    await expect(buildStaticApp(broken)).rejects.toThrow();
  });

  it('answers source maps 404 in production, and serves them elsewhere', async () => {
    const maps = ['/main.3f9a1c2b.js.map', '/mfe/catalog/__federation_expose_routes.a1b2c3d4e5.js.map'];
    for (const url of maps) expect((await app.inject(url)).statusCode).toBe(200);
    const production = Fastify();
    await production.register(errorsPlugin);
    await production.register(staticPlugin, { root, serveSourceMaps: false });
    try {
      for (const url of maps) expect((await production.inject(url)).statusCode).toBe(404);
      expect((await production.inject('/main.3f9a1c2b.js')).statusCode).toBe(200);
    } finally {
      await production.close();
    }
  });

  it('serves only the API when nothing is built', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'api-static-empty-'));
    const bare = Fastify();
    await bare.register(errorsPlugin);
    await bare.register(staticPlugin, { root: empty });
    try {
      expect((await bare.inject('/')).statusCode).toBe(404);
      expect((await bare.inject('/girl/1')).statusCode).toBe(404);
    } finally {
      await bare.close();
      await rm(empty, { recursive: true, force: true });
    }
  });
});

describe('cacheControlFor', () => {
  it.each([
    ['main.3f9a1c2b.js', IMMUTABLE],
    ['static/js/async/812.0123456789abcdef.js', IMMUTABLE],
    ['static/css/main.DEADBEEF.css', IMMUTABLE],
    ['main.js', 'no-cache'],
    ['main.3f9a1c.js', 'no-cache'],
    ['index.html', 'no-cache'],
    ['remoteEntry.js', 'no-cache'],
    ['mf-manifest.json', 'no-cache'],
    ['remotes.json', 'no-cache'],
    ['locales/en.json', 'no-cache'],
    ['locales/en.0123abcd.json', 'no-cache'],
  ])('%s -> %s', (file, expected) => {
    expect(cacheControlFor(file)).toBe(expected);
  });
});

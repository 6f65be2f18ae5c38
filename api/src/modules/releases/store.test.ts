import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/create-test-app';

// The release store (issue 30): each release's files at /mfe/<name>/<version>/, beside the build
// the registry file names, immutable for a year; releases stored while the server runs are
// served at once. And what the release command asks before it stores anything.
const TOKEN = 'a-release-token-of-at-least-32-characters';
const V1 = '1.0.0+aaaaaaaaaaaa';
const GALLERY = '2.0.0+bbbbbbbbbbbb';

let dir: string;
let store: string;
let t: TestApp;

async function put(file: string, text: string) {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'api-release-store-'));
  store = path.join(dir, 'store');
  await put(
    path.join(dir, 'shell', 'dist', 'index.html'),
    '<!doctype html><head><meta name="app-telemetry-sample" content="1" /><title>shell</title></head>',
  );
  await put(
    path.join(dir, 'shell', 'dist', 'remotes.json'),
    JSON.stringify({
      mfe_catalog: { entry: '/mfe/catalog/mf-manifest.json', routes: ['/', '/girl/:id'] },
      mfe_auth: { entry: '/mfe/auth/mf-manifest.json', routes: ['/login/:type'] },
    }),
  );
  await put(path.join(dir, 'mfe-catalog', 'dist', 'mf-manifest.json'), '{"name":"built"}');
  await put(path.join(store, 'catalog', V1, 'mf-manifest.json'), '{"name":"released"}');
  await put(path.join(store, 'gallery', GALLERY, 'remoteEntry.js'), 'window.gallery = 1;');
  await put(path.join(store, 'gallery', 'loose.js'), 'not a release');
  t = await createTestApp({
    staticRoot: dir,
    releaseToken: TOKEN,
    releaseStore: store,
    telemetrySample: 0.25,
  });
});

afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the release store', () => {
  it('serves a release beside the build the registry file names, immutable for a year', async () => {
    const built = await t.app.inject('/mfe/catalog/mf-manifest.json');
    expect(built.json()).toEqual({ name: 'built' });
    expect(built.headers['cache-control']).toBe('no-cache');
    const released = await t.app.inject(`/mfe/catalog/${V1}/mf-manifest.json`);
    expect(released.statusCode).toBe(200);
    expect(released.json()).toEqual({ name: 'released' });
    expect(released.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(released.headers['access-control-allow-origin']).toBe('*');
  });

  it('serves releases of a remote this server has no build of, and one stored while it runs', async () => {
    const gallery = await t.app.inject(`/mfe/gallery/${GALLERY}/remoteEntry.js`);
    expect(gallery.statusCode).toBe(200);
    expect(gallery.body).toBe('window.gallery = 1;');
    expect(gallery.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const later = '2.1.0+cccccccccccc';
    expect((await t.app.inject(`/mfe/gallery/${later}/remoteEntry.js`)).statusCode).toBe(404);
    await put(path.join(store, 'gallery', later, 'remoteEntry.js'), 'window.gallery = 2;');
    expect((await t.app.inject(`/mfe/gallery/${later}/remoteEntry.js`)).body).toBe('window.gallery = 2;');
  });

  it('serves nothing of the store outside a release folder', async () => {
    for (const url of [
      '/mfe/gallery/loose.js',
      '/mfe/gallery/not-a-version/remoteEntry.js',
      `/mfe/gallery/${GALLERY}/../loose.js`,
      `/mfe/gallery/${GALLERY}/%2e%2e/loose.js`,
    ]) {
      expect((await t.app.inject(url)).statusCode, url).toBe(404);
    }
  });

  it('writes the telemetry sample into the pages', async () => {
    const page = await t.app.inject({ url: '/profile', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<meta name="app-telemetry-sample" content="0.25" />');
  });
});

describe('POST /api/releases/check (what publishing would refuse)', () => {
  const release = (routes: string[], version = '1.0.0+dddddddddddd') => ({
    remote: 'mfe_shop',
    version,
    entry: `/mfe/shop/${version}/mf-manifest.json`,
    routes,
  });
  const check = (body: object, headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` }) =>
    t.app.inject({ method: 'POST', url: '/api/releases/check', headers, payload: body });

  it('answers ok for a release that would be published, and publishes nothing', async () => {
    const answer = await check(release(['/shop', '/shop/:id']));
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ ok: true });
    const status = await t.app.inject({
      url: '/api/releases/mfe_shop',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(status.json().releases).toEqual([]);
  });

  it('refuses routes a remote of the registry file declares, naming the route and the remote', async () => {
    const answer = await check(release(['/shop', '/login/:kind']));
    expect(answer.statusCode).toBe(409);
    expect(answer.json()).toMatchObject({
      code: 'ROUTE_CONFLICT',
      params: { route: '/login/:kind', remote: 'mfe_auth' },
    });
  });

  it('lets a remote of the file release its own routes again', async () => {
    const answer = await check({
      remote: 'mfe_catalog',
      version: '1.2.0+eeeeeeeeeeee',
      entry: '/mfe/catalog/1.2.0+eeeeeeeeeeee/mf-manifest.json',
      routes: ['/', '/girl/:id'],
    });
    expect(answer.statusCode).toBe(200);
  });

  it('refuses a version published before with other files', async () => {
    const first = release(['/shop'], '1.0.1+ffffffffffff');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/releases',
          headers: { authorization: `Bearer ${TOKEN}` },
          payload: first,
        })
      ).statusCode,
    ).toBe(200);
    expect((await check(first)).statusCode).toBe(200);
    const other = await check({ ...first, routes: ['/shop', '/shop/:id'] });
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('RELEASE_EXISTS');
  });

  it('refuses without the release token and with bad bodies', async () => {
    expect((await check(release(['/shop']), {})).statusCode).toBe(401);
    const bad = await check({ ...release(['/shop']), version: 'latest' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.version).toBe('validation.releaseVersion');
  });
});

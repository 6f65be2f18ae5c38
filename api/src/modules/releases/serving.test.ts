import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { RemoteRegistry } from 'contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { CHANNELS_REREAD_MS } from './registry';

// /remotes.json as the shell loads it, once the registry keeps releases: each visitor gets the
// release chosen for them (stable or the canary), the same one on every load, and a change of the
// channels reaches the next load at once, with no restart.
const TOKEN = 'a-release-token-of-at-least-32-characters';
const FILE_REGISTRY = {
  mfe_catalog: '/mfe/catalog/mf-manifest.json',
  mfe_auth: '/mfe/auth/mf-manifest.json',
};
const v1 = {
  remote: 'mfe_catalog',
  version: '1.0.0+aaaaaaaaaaaa',
  entry: '/mfe/mfe_catalog/1.0.0+aaaaaaaaaaaa/mf-manifest.json',
  routes: ['/'],
};
const v2 = {
  ...v1,
  version: '1.1.0+bbbbbbbbbbbb',
  entry: '/mfe/mfe_catalog/1.1.0+bbbbbbbbbbbb/mf-manifest.json',
};

let dir: string;
let t: TestApp;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'api-releases-'));
  await mkdir(path.join(dir, 'shell', 'dist'), { recursive: true });
  await writeFile(path.join(dir, 'shell', 'dist', 'index.html'), '<!doctype html><title>shell</title>');
  await writeFile(path.join(dir, 'shell', 'dist', 'remotes.json'), JSON.stringify(FILE_REGISTRY));
  t = await createTestApp({ staticRoot: dir, releaseToken: TOKEN });
});

afterAll(async () => {
  await t?.close();
  await rm(dir, { recursive: true, force: true });
});

const asPipeline = { authorization: `Bearer ${TOKEN}` };
const pipeline = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, headers: asPipeline, payload });
const registryOf = async (visitor?: string) => {
  const response = await t.app.inject({
    url: '/remotes.json',
    headers: visitor ? { cookie: `vid=${visitor}` } : {},
  });
  expect(response.statusCode).toBe(200);
  return { body: response.json<RemoteRegistry>(), headers: response.headers };
};
const versionOf = (registry: RemoteRegistry) => {
  const record = registry.mfe_catalog;
  return typeof record === 'object' ? record.version : undefined;
};
const visitors = Array.from({ length: 40 }, (_, i) => `visitor-id-number-${String(i).padStart(4, '0')}`);

describe('/remotes.json with the registry', () => {
  it('is the file as it was while no remote has channels, shared by every visitor', async () => {
    const { body, headers } = await registryOf(visitors[0]);
    expect(body).toEqual(FILE_REGISTRY);
    expect(headers['cache-control']).toBe('no-cache');
  });

  it('names the stable release, its version and routes, once one is promoted', async () => {
    expect((await pipeline('/api/releases', v1)).statusCode).toBe(200);
    // Published, not yet promoted: visitors still get the file's record.
    expect((await registryOf(visitors[0])).body).toEqual(FILE_REGISTRY);
    const promoted = await pipeline('/api/releases/mfe_catalog', {
      action: 'promote',
      version: v1.version,
      reason: 'first release',
    });
    expect(promoted.statusCode).toBe(200);
    const { body, headers } = await registryOf(visitors[0]);
    expect(body).toEqual({
      ...FILE_REGISTRY,
      mfe_catalog: { entry: v1.entry, version: v1.version, routes: ['/'] },
    });
    expect(headers['cache-control']).toBe('private, no-cache');
    expect(headers.vary).toMatch(/cookie/i);
  });

  it('sends some visitors to a 50 % canary and the rest to stable, each keeping theirs across loads', async () => {
    await pipeline('/api/releases', v2);
    const canary = await pipeline('/api/releases/mfe_catalog', {
      action: 'canary',
      version: v2.version,
      percent: 50,
      reason: 'new cards',
    });
    expect(canary.statusCode).toBe(200);
    const seen = new Map<string, string | undefined>();
    for (const visitor of visitors) seen.set(visitor, versionOf((await registryOf(visitor)).body));
    const onCanary = [...seen.values()].filter((version) => version === v2.version).length;
    expect(onCanary).toBeGreaterThan(5);
    expect(onCanary).toBeLessThan(35);
    expect([...seen.values()].every((version) => version === v1.version || version === v2.version)).toBe(
      true,
    );
    for (const visitor of visitors)
      expect(versionOf((await registryOf(visitor)).body)).toBe(seen.get(visitor));
    // Without a visitor cookie (a file fetched before any page): stable, and no id is handed out.
    const anonymous = await t.app.inject({ url: '/remotes.json' });
    expect(versionOf(anonymous.json())).toBe(v1.version);
    expect(anonymous.headers['set-cookie']).toBeUndefined();
  });

  it('gives a new browser its visitor id with its first page, and the registry it then loads keeps one release', async () => {
    const page = await t.app.inject({ url: '/catalog-page', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    const cookie = [page.headers['set-cookie']].flat().find((line) => line?.startsWith('vid='));
    const visitor = cookie?.split(';')[0]?.slice('vid='.length);
    expect(visitor).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
    const first = versionOf((await registryOf(visitor)).body);
    expect([v1.version, v2.version]).toContain(first);
    for (let i = 0; i < 5; i++) expect(versionOf((await registryOf(visitor)).body)).toBe(first);
  });

  it('sends every new load to stable at once when the canary is rolled back', async () => {
    const rollback = await pipeline('/api/releases/mfe_catalog', { action: 'rollback', reason: 'errors up' });
    expect(rollback.statusCode).toBe(200);
    for (const visitor of visitors) expect(versionOf((await registryOf(visitor)).body)).toBe(v1.version);
  });

  it('names the rolled-back release as withdrawn (open tabs reload), until it is live again', async () => {
    const withdrawn = async () => {
      const response = await t.app.inject('/api/releases/withdrawn');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('public, max-age=10');
      return response.json<{ withdrawn: { remote: string; version: string }[] }>().withdrawn;
    };
    expect(await withdrawn()).toEqual([
      expect.objectContaining({ remote: 'mfe_catalog', version: v2.version }),
    ]);
    await pipeline('/api/releases/mfe_catalog', {
      action: 'canary',
      version: v2.version,
      percent: 10,
      reason: 'fixed',
    });
    expect(await withdrawn()).toEqual([]);
  });

  it('keeps the channels it read until a change is heard of, and past CHANNELS_REREAD_MS reads them again', async () => {
    // A load reads the channels (v2 the canary at 10 %): the visitors outside its share get v1.
    const outside = [];
    for (const visitor of visitors) {
      if (versionOf((await registryOf(visitor)).body) === v1.version) outside.push(visitor);
    }
    expect(outside.length).toBeGreaterThan(0);
    // A change no write of this process made (a hand edit, or another instance with the bus
    // down) is not seen at once: the loads are answered from what was read...
    await t.db.execute(sql`update remote_channels set canary_percent = 100 where remote = 'mfe_catalog'`);
    for (const visitor of outside) expect(versionOf((await registryOf(visitor)).body)).toBe(v1.version);
    // ...and is, once the channels are older than the bound.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + CHANNELS_REREAD_MS + 1);
      for (const visitor of outside) expect(versionOf((await registryOf(visitor)).body)).toBe(v2.version);
    } finally {
      vi.useRealTimers();
    }
  });
});

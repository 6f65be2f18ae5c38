// The build pins each remote's server build in the registry it ships (scripts/pin-remotes.mjs);
// the API runs a server build only when its bytes hash to that pin.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { matchesRoute } from '../contracts/src/remotes.ts';
import { routeConflicts } from '../contracts/src/route-claims.ts';
import { declareRoutes, pinServerEntries, remoteDeclaration } from '../scripts/pin-remotes.mjs';
import { routePatterns } from '../platform/src/routes/paths.ts';
import { APPS } from '../scripts/lib.mjs';

let root;
afterEach(() => rmSync(root, { recursive: true, force: true }));

function layout(registry) {
  root = mkdtempSync(path.join(os.tmpdir(), 'pin-remotes-'));
  mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
  mkdirSync(path.join(root, 'mfe-catalog', 'dist', 'server'), { recursive: true });
  writeFileSync(path.join(root, 'mfe-catalog', 'dist', 'server', 'remoteEntry.js'), 'module.exports = {};');
  const file = path.join(root, 'shell', 'dist', 'remotes.json');
  writeFileSync(file, JSON.stringify(registry));
  return file;
}

describe('pinning the server builds in the shipped registry', () => {
  it('writes the SHA-384 of each server build this server serves, and leaves the other records as they are', () => {
    const file = layout({
      mfe_catalog: { entry: '/mfe/catalog/mf-manifest.json', ssr: '/mfe/catalog/server/remoteEntry.js' },
      mfe_auth: '/mfe/auth/mf-manifest.json',
      mfe_cdn: { entry: 'https://cdn.example/x/mf-manifest.json', ssr: 'https://cdn.example/x/server.js' },
    });
    expect(pinServerEntries(root, file)).toEqual(['mfe_catalog']);
    const registry = JSON.parse(readFileSync(file, 'utf8'));
    const expected = `sha384-${createHash('sha384').update('module.exports = {};').digest('base64')}`;
    expect(registry.mfe_catalog).toEqual({
      entry: '/mfe/catalog/mf-manifest.json',
      ssr: '/mfe/catalog/server/remoteEntry.js',
      integrity: expected,
    });
    expect(registry.mfe_auth).toBe('/mfe/auth/mf-manifest.json');
    expect(registry.mfe_cdn).not.toHaveProperty('integrity');
  });

  it('fails the build when a record names a server build that is not there', () => {
    const file = layout({
      mfe_catalog: { entry: '/mfe/catalog/mf-manifest.json', ssr: '/mfe/catalog/server/missing.js' },
    });
    expect(() => pinServerEntries(root, file)).toThrow(/missing/);
  });
});

describe('the routes each remote declares (its remote.json)', () => {
  it('writes them into the records this server serves, a bare string becoming a record', () => {
    const file = layout({
      mfe_catalog: { entry: '/mfe/catalog/mf-manifest.json', ssr: '/mfe/catalog/server/remoteEntry.js' },
      mfe_auth: '/mfe/auth/mf-manifest.json',
      mfe_cdn: 'https://cdn.example/x/mf-manifest.json',
    });
    writeFileSync(
      path.join(root, 'mfe-catalog', 'remote.json'),
      JSON.stringify({ name: 'mfe_catalog', routes: ['/', '/girl/:id'] }),
    );
    mkdirSync(path.join(root, 'mfe-auth'));
    writeFileSync(
      path.join(root, 'mfe-auth', 'remote.json'),
      JSON.stringify({ name: 'mfe_auth', routes: ['/login/:type'] }),
    );
    expect(declareRoutes(root, file)).toEqual(['mfe_catalog', 'mfe_auth']);
    const registry = JSON.parse(readFileSync(file, 'utf8'));
    expect(registry.mfe_catalog).toEqual({
      entry: '/mfe/catalog/mf-manifest.json',
      ssr: '/mfe/catalog/server/remoteEntry.js',
      routes: ['/', '/girl/:id'],
    });
    expect(registry.mfe_auth).toEqual({ entry: '/mfe/auth/mf-manifest.json', routes: ['/login/:type'] });
    expect(registry.mfe_cdn).toBe('https://cdn.example/x/mf-manifest.json');
  });

  it('refuses a declaration naming another remote than the registry', () => {
    const file = layout({ mfe_catalog: '/mfe/catalog/mf-manifest.json' });
    writeFileSync(
      path.join(root, 'mfe-catalog', 'remote.json'),
      JSON.stringify({ name: 'mfe_shop', routes: ['/'] }),
    );
    expect(() => declareRoutes(root, file)).toThrow(/mfe_shop/);
  });

  it("the site's remotes claim no path twice, and every page of the site has an owner", () => {
    const repo = path.resolve(import.meta.dirname, '..');
    const claims = APPS.filter((app) => app.startsWith('mfe-')).map((app) => {
      const declared = remoteDeclaration(repo, app);
      return { remote: declared.name, routes: declared.routes };
    });
    expect(claims).toHaveLength(5);
    expect(routeConflicts(claims)).toEqual([]);
    for (const pattern of Object.values(routePatterns)) {
      const owners = claims.filter((claim) =>
        claim.routes.some((route) => matchesRoute(route, pattern.replace('/*', ''))),
      );
      expect(owners, pattern).toHaveLength(1);
    }
  });
});

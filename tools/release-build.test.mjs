// The release command's checks (scripts/release-build.mjs): a build is refused, with the reason,
// when the shell could not load it, and a version is never overwritten in the store.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkBrowserBuild, contentHash, storeRelease } from '../scripts/release-build.mjs';

const HOST = {
  react: '19.3.1',
  'react-dom': '19.3.1',
  'react-router-dom': '7.18.5',
  jotai: '2.20.3',
  '@tanstack/react-query': '5.108.0',
  i18next: '26.7.2',
  'react-i18next': '17.1.13',
};

let dir;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function build(manifest = {}, files = ['routes.1234567890.js', 'remoteEntry.js']) {
  dir = mkdtempSync(path.join(os.tmpdir(), 'release-build-'));
  const dist = path.join(dir, 'dist');
  mkdirSync(dist, { recursive: true });
  for (const file of files) writeFileSync(path.join(dist, file), `// ${file}`);
  writeFileSync(
    path.join(dist, 'mf-manifest.json'),
    JSON.stringify({
      name: 'mfe_catalog',
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [{ path: './routes', assets: { js: { sync: ['routes.1234567890.js'] }, css: { sync: [] } } }],
      shared: [
        { name: 'react', version: '19.3.1', singleton: true, requiredVersion: '^19.3.1' },
        { name: 'react-dom/client', version: '19.3.1', singleton: true, requiredVersion: '^19.3.1' },
        { name: 'platform', version: '0.1.0', singleton: true, requiredVersion: null },
      ],
      ...manifest,
    }),
  );
  return dist;
}

describe('checking a remote’s build before it is published', () => {
  it('passes a build the shell can load', () => {
    expect(checkBrowserBuild({ dist: build(), name: 'mfe_catalog', hostDependencies: HOST })).toEqual([]);
  });

  it('refuses a build without the exposed module the shell loads, or its files', () => {
    expect(
      checkBrowserBuild({ dist: build({ exposes: [] }), name: 'mfe_catalog', hostDependencies: HOST }),
    ).toEqual(['the exposed module ./routes is missing (the shell loads it)']);
    rmSync(dir, { recursive: true, force: true });
    const problems = checkBrowserBuild({
      dist: build({}, ['remoteEntry.js']),
      name: 'mfe_catalog',
      hostDependencies: HOST,
    });
    expect(problems).toEqual(['./routes: its file routes.1234567890.js is not in the build']);
  });

  it('refuses singletons whose ranges the host does not meet, or shared as copies', () => {
    const problems = checkBrowserBuild({
      dist: build({
        shared: [
          { name: 'react', version: '19.4.0', singleton: true, requiredVersion: '^19.4.0' },
          { name: 'jotai', version: '3.0.0', singleton: true, requiredVersion: '*' },
          { name: 'i18next', version: '26.7.2', singleton: false, requiredVersion: '^26.0.0' },
          { name: 'react-router', version: '7.18.5', singleton: true, requiredVersion: '^7.0.0' },
        ],
      }),
      name: 'mfe_catalog',
      hostDependencies: HOST,
    });
    expect(problems).toEqual([
      'react needs ^19.4.0; the host provides 19.3.1',
      'jotai was built against 3.0.0; the host provides 2.20.3',
      'i18next is not shared as a singleton',
      'react-router: the host does not provide react-router',
    ]);
  });

  it('refuses a build of another remote than the folder declares', () => {
    expect(checkBrowserBuild({ dist: build(), name: 'mfe_shop', hostDependencies: HOST })).toEqual([
      'the build is mfe_catalog, remote.json names mfe_shop',
    ]);
  });
});

describe('the release store', () => {
  it('names a build by its content: the same files the same hash, any change another', () => {
    const dist = build();
    const first = contentHash(dist);
    expect(first).toMatch(/^[0-9a-f]{12}$/);
    writeFileSync(path.join(dist, 'remoteEntry.js.br'), 'compressed copies do not count');
    expect(contentHash(dist)).toBe(first);
    writeFileSync(path.join(dist, 'remoteEntry.js'), '// changed');
    expect(contentHash(dist)).not.toBe(first);
  });

  it('stores a version once and never over other files', () => {
    const dist = build();
    const storeDir = path.join(dir, 'store');
    const version = `1.0.0+${contentHash(dist)}`;
    expect(storeRelease({ dist, storeDir, folder: 'catalog', version }).stored).toBe(true);
    const stored = path.join(storeDir, 'catalog', version, 'remoteEntry.js');
    expect(readFileSync(stored, 'utf8')).toBe('// remoteEntry.js');
    // The same build again: already there, nothing copied.
    expect(storeRelease({ dist, storeDir, folder: 'catalog', version }).stored).toBe(false);
    // Other files under that version: refused, the stored ones untouched.
    writeFileSync(path.join(dist, 'remoteEntry.js'), '// tampered');
    expect(() => storeRelease({ dist, storeDir, folder: 'catalog', version })).toThrow(/never overwritten/);
    expect(readFileSync(stored, 'utf8')).toBe('// remoteEntry.js');
  });
});

// Runs the shared copy patterns through Rspack's own copy plugin on a throwaway app, so a pattern
// that ships a test file (or drops a translation) fails here rather than on a CDN.
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { copyPatterns } from './copy-patterns.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// tools/ has no node_modules of its own; the apps that build with this config do.
const { rspack } = createRequire(path.join(root, 'shell', 'package.json'))('@rspack/core');

const dirs = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function appWith(files) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'copy-patterns-'));
  dirs.push(dir);
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  return dir;
}

function build(dir, kind) {
  const compiler = rspack({
    mode: 'development',
    context: dir,
    entry: './src/index.js',
    output: { path: path.join(dir, 'dist') },
    plugins: [new rspack.CopyRspackPlugin({ patterns: copyPatterns(kind) })],
  });
  return /** @type {Promise<void>} */ (
    new Promise((resolve, reject) =>
      compiler.run((error, stats) => {
        compiler.close(() => undefined);
        if (error || stats?.hasErrors()) reject(error ?? new Error(stats?.toString()));
        else resolve();
      }),
    )
  );
}

const listed = (dir) => readdirSync(dir, { recursive: true }).map(String).sort();

describe('copy patterns', () => {
  it('copy a remote’s translations and leave the test beside them out', async () => {
    const dir = appWith({
      'src/index.js': 'export {};',
      'src/locales/ru.json': '{}',
      'src/locales/en.json': '{}',
      'src/locales/locales.test.ts': 'test',
    });
    await build(dir, 'remote');
    expect(listed(path.join(dir, 'dist', 'locales'))).toEqual(['en.json', 'ru.json']);
  });

  it('copy the host’s public files but no test file among them', async () => {
    const dir = appWith({
      'src/index.js': 'export {};',
      'src/locales/ru.json': '{}',
      'public/remotes.json': '{}',
      'public/remotes.test.ts': 'test',
    });
    await build(dir, 'host');
    const dist = listed(path.join(dir, 'dist'));
    expect(dist).toContain('remotes.json');
    expect(dist).toContain(path.join('locales', 'ru.json'));
    expect(dist.filter((file) => file.includes('.test.'))).toEqual([]);
  });

  it('copy the host’s boot script under its content hash only', async () => {
    const dir = appWith({
      'src/index.js': 'export {};',
      'public/boot.js': 'console.log(1);',
      'public/remotes.json': '{}',
    });
    await build(dir, 'host');
    const boots = listed(path.join(dir, 'dist')).filter((file) => file.startsWith('boot'));
    expect(boots).toHaveLength(1);
    expect(boots[0]).toMatch(/^boot\.[0-9a-f]{8}\.js$/);
  });
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { gzipSize, kib } from '../../tools/first-load.mjs';
import { appSizes, scriptOwner } from './sizes.mjs';

let dist = '';
afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe('bundle sizes', () => {
  it('count every .js file of a build folder, nested chunks included, and nothing else', () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'sizes-'));
    mkdirSync(path.join(dist, 'chunks'));
    const main = 'console.log("main");'.repeat(100);
    const chunk = 'export const x = 1;';
    writeFileSync(path.join(dist, 'main.js'), main);
    writeFileSync(path.join(dist, 'chunks', 'a.js'), chunk);
    writeFileSync(path.join(dist, 'main.js.gz'), 'not counted');
    writeFileSync(path.join(dist, 'index.html'), '<html></html>');
    expect(appSizes(dist, 'shell')).toEqual({
      app: 'shell',
      rawKiB: kib(main.length + chunk.length),
      gzipKiB: kib(gzipSize(Buffer.from(main)) + gzipSize(Buffer.from(chunk))),
    });
  });

  it('give each script to the app that serves it', () => {
    expect(scriptOwner('/mfe/catalog/main.123.js')).toBe('catalog');
    expect(scriptOwner('/vendor.456.js')).toBe('shell');
  });
});

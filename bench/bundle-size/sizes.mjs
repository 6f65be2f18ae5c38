import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSize, kib } from '../../tools/first-load.mjs';

/** Raw and gzip size of every .js file in a build folder (the .js.gz/.js.br copies excluded). */
export function appSizes(dist, app) {
  let raw = 0;
  let gzip = 0;
  for (const file of readdirSync(dist, { recursive: true })) {
    if (!String(file).endsWith('.js')) continue;
    const content = readFileSync(path.join(dist, String(file)));
    raw += content.length;
    gzip += gzipSize(content);
  }
  return { app, rawKiB: kib(raw), gzipKiB: kib(gzip) };
}

/** Which app a script URL of the one-origin server belongs to: `/mfe/<name>/…` or the shell. */
export const scriptOwner = (url) => (url.startsWith('/mfe/') ? url.split('/')[2] : 'shell');

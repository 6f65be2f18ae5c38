// `npm run start:prod`: the production server, compiled JavaScript run by plain Node (no
// TypeScript loader). Build first with `npm run build` (front ends and API). Equivalent to
// `NODE_ENV=production node api/dist/server.js` from the repository root.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { API_ENTRY } from './build-api.mjs';
import { root } from './lib.mjs';

if (!existsSync(API_ENTRY)) {
  console.error('api/dist/server.js is missing: run `npm run build` first.');
  process.exit(1);
}
const server = spawn(process.execPath, ['--enable-source-maps', API_ENTRY], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' },
});
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code) => process.exit(code ?? 0));

// `npm start`: install, build (only what changed), migrate and seed on first run, then serve
// everything from one process on one origin.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildAll, buildIsCurrent } from './build.mjs';
import { installDependencies, log, root } from './lib.mjs';

const started = Date.now();
installDependencies();
if (buildIsCurrent()) log('front-end builds are up to date');
else await buildAll();

const tsx = path.join(root, 'api', 'node_modules', '.bin', 'tsx');
const server = spawn(tsx, [path.join(root, 'api', 'src', 'server.ts')], {
  cwd: root,
  stdio: 'inherit',
  // The mail outbox page lets a new account be finished without a mail server; it answers this
  // machine only (the server listens on 127.0.0.1 in development unless HOST says otherwise).
  env: {
    NODE_ENV: 'development',
    DEV_PAGES: 'mail',
    // Top-ups through the built-in sandbox gateway: the demo's balance can be raised without a
    // payment provider (the server refuses it in production).
    PAYMENTS_SANDBOX: '1',
    ...process.env,
    STATIC_ROOT: root,
    START_TIME: String(started),
  },
});
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code) => process.exit(code ?? 0));

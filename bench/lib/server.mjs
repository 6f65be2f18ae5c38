// Starts the production server (built apps + API on a fresh embedded database) for a bench run.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The API as deployed: one ES module that plain Node runs (`npm run build` writes it). */
export const builtApi = path.join(root, 'api', 'dist', 'server.js');

/**
 * `dataDir` reuses an embedded database (a fresh one otherwise); `env.DATABASE_URL` uses PostgreSQL.
 * `options.built` runs the production build (`node api/dist/server.js`) instead of the sources
 * under tsx, whose compiler would add to the process's memory and start-up.
 * @param {number} [port]
 * @param {Record<string, string | undefined>} [env]
 * @param {string} [dataDir]
 * @param {{ built?: boolean }} [options]
 */
export async function startServer(
  port = 18300,
  env = {},
  dataDir = mkdtempSync(path.join(tmpdir(), 'bench-pglite-')),
  options = {},
) {
  if (options.built && !existsSync(builtApi)) {
    throw new Error(`${path.relative(root, builtApi)} is missing: build the API first (npm run build)`);
  }
  const [command, args] = options.built
    ? [process.execPath, [builtApi]]
    : [path.join(root, 'api', 'node_modules', '.bin', 'tsx'), [path.join(root, 'api', 'src', 'server.ts')]];
  const child = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      STATIC_ROOT: root,
      NODE_ENV: 'production',
      DATABASE_URL: '',
      // Production refuses to start without them; the benches send no mail.
      PUBLIC_URL: `http://localhost:${port}`,
      SMTP_URL: 'smtp://127.0.0.1:9',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  // Read, so that a server that logs a lot never blocks on a full pipe; the tail explains a failed start.
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output = (output + chunk).slice(-4000);
  });
  const base = `http://localhost:${port}`;
  for (let attempt = 0; attempt < 240; attempt += 1) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server exited (${child.exitCode ?? child.signalCode}) before it answered\n${output}`);
    }
    try {
      if ((await fetch(`${base}/api/health`)).ok)
        return { base, child, dataDir, stop: () => stopChild(child) };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start\n${output}`);
}

/** Stops a server and waits until it has exited (its database is closed and can be reopened). */
export function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return /** @type {Promise<void>} */ (
    new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    })
  );
}

export { chromiumOptions } from '../../tools/chromium.mjs';

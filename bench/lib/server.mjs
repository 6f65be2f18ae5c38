// Starts the production server (built apps + API on a fresh embedded database) for a bench run.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** `dataDir` reuses an embedded database (a fresh one otherwise); `env.DATABASE_URL` uses PostgreSQL. */
export async function startServer(
  port = 18300,
  env = {},
  dataDir = mkdtempSync(path.join(tmpdir(), 'bench-pglite-')),
) {
  const child = spawn(
    path.join(root, 'api', 'node_modules', '.bin', 'tsx'),
    [path.join(root, 'api', 'src', 'server.ts')],
    {
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
    },
  );
  const base = `http://localhost:${port}`;
  for (let attempt = 0; attempt < 240; attempt += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok)
        return { base, child, dataDir, stop: () => stopChild(child) };
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
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

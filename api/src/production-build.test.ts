import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './testing/server-process';

const root = fileURLToPath(new URL('../..', import.meta.url));

let server: ChildProcess | undefined;
let dataDir: string | undefined;
afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

// The built server opens its own embedded database whatever DATABASE_URL says, so the PostgreSQL
// run of this suite would only repeat it.
describe.skipIf(!!process.env.DATABASE_URL)('the production build of the API', () => {
  it('is plain JavaScript that Node runs: it starts in production mode and answers', async () => {
    // npm test's build step has just made it (and says so): built again here, the bundle would be
    // rewritten under the other server tests that start it.
    if (!process.env.API_SERVER_BUNDLE) {
      await promisify(execFile)(process.execPath, [path.join(root, 'scripts', 'build-api.mjs')], {
        cwd: root,
      });
    }

    const port = await freePort();
    dataDir = await mkdtemp(path.join(tmpdir(), 'api-build-test-'));
    let output = '';
    server = spawn(process.execPath, [path.join(root, 'api', 'dist', 'server.js')], {
      cwd: dataDir,
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dataDir, 'pglite'),
        STATIC_ROOT: dataDir,
        AUTH_SECRET: 'a-test-secret-that-is-long-enough-0123456789',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        // Production refuses to start without a mail server; this test sends no mail.
        SMTP_URL: 'smtp://127.0.0.1:9',
        // Shows the start-up lines of the modules (the media module's ffmpeg among them).
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    server.stderr?.on('data', (chunk) => {
      output += chunk;
    });

    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 90_000;
    let health: Response | undefined;
    while (!health && Date.now() < deadline && server.exitCode === null) {
      health = await fetch(`${base}/api/health`).catch(() => undefined);
      if (!health) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(health?.status, output).toBe(200);
    expect(await health?.json()).toEqual({ status: 'ok', database: 'pglite' });
    expect(output).toContain('Site ready');
    // The ffmpeg binary, an npm package's file, is found from the bundle as from the sources.
    expect(output).toContain('media: videos are remuxed by ffmpeg');
    expect(output).not.toContain('no ffmpeg to run');
    // Read from the bundled sources: the migrations ran, the document is built from the schemas.
    const docs = await fetch(`${base}/api/docs/json`);
    expect(docs.status).toBe(200);
    expect(Object.keys((await docs.json()).paths)).toContain('/api/model/{id}');
  }, 150_000);
});

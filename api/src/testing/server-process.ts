// The real server as a child process, for the tests that kill it (`payments/kill`, `media/kill`,
// `own-profiles/approval-kill`): the built bundle or `src/server.ts` through tsx (`serverArgs`), on
// a database of the test's own that starts from the suite's migrated template (`global-setup.ts`),
// so a start does not run initdb and every migration again (measured under load: 4.6 s to open an
// unpacked template against 21 s to create and migrate a folder).
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import { inject } from 'vitest';

const apiDir = fileURLToPath(new URL('../..', import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

/**
 * Fills `dataDir` (a PGlite folder that does not exist yet) with the suite's migrated template, so
 * whoever opens it first (the test's own `buildApp`, or the server) finds a migrated database.
 * Without a template (a file run outside the suite's set-up) the folder is left to be created.
 */
export async function migratedDataDir(dataDir: string): Promise<string> {
  const template = inject('pgliteTemplate');
  if (!template) return dataDir;
  await mkdir(dataDir, { recursive: true });
  // The dump is a tar of the data folder (PGlite's dumpDataDir, uncompressed).
  await promisify(execFile)('tar', ['-xf', template, '-C', dataDir]);
  return dataDir;
}

/**
 * A database of its own on `serverUrl`, created from the suite's migrated template when there is
 * one. Returns its URL and a function that drops it.
 */
export async function databaseOnServer(
  serverUrl: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const template = inject('databaseTemplate');
  await adminQuery(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => dropDatabaseOnceIdle(serverUrl, name),
  };
}

/**
 * Drops a test's database once its own connections are gone: pg.Pool#end() resolves while its
 * idle clients are still disconnecting, and `drop ... with (force)` would terminate them, each
 * then throwing 57P01 as an uncaught error in whichever test runs next. Forced after 5 s.
 */
export async function dropDatabaseOnceIdle(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = $1',
        [name],
      );
      if ((rows[0]?.n ?? 0) === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await client.query(`drop database if exists ${name} with (force)`);
  } finally {
    await client.end();
  }
}

/** One statement on the server's maintenance connection (creating and dropping databases). */
export async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export interface ServerProcess {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>` */
  base: string;
  /** Everything it printed so far, both streams. */
  output: () => string;
  exited: Promise<unknown>;
}

const started: ServerProcess[] = [];

/**
 * The server as it is deployed, `api/dist/server.js`, when the run has just built it and says so
 * (`API_SERVER_BUNDLE`, set by `npm test`'s steps after its build); else the sources through
 * tsx, so a file run alone tests the code on disk, never a stale bundle. The bundle starts in about
 * 3 CPU seconds less than tsx compiling the sources on each start.
 */
function serverArgs(): string[] {
  const bundle = process.env.API_SERVER_BUNDLE;
  return bundle ? ['--enable-source-maps', bundle] : ['--import', 'tsx', path.join('src', 'server.ts')];
}

/**
 * Starts the server with `env` (beside PATH, HOST, LOG_LEVEL and a free PORT unless `env` names
 * one; a function of the server's base URL where a variable needs it, as PUBLIC_URL does) and
 * waits until `/api/health` answers.
 */
export async function startServer(
  env: Record<string, string> | ((base: string) => Record<string, string>),
  { port, timeoutMs = 90_000 }: { port?: number; timeoutMs?: number } = {},
): Promise<ServerProcess> {
  const listening = port ?? (await freePort());
  const base = `http://127.0.0.1:${listening}`;
  const own = typeof env === 'function' ? env(base) : env;
  let output = '';
  const child = spawn(process.execPath, serverArgs(), {
    cwd: apiDir,
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...own, PORT: String(listening) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const server: ServerProcess = {
    child,
    base,
    output: () => output,
    exited: new Promise((resolve) => child.once('exit', resolve)),
  };
  started.push(server);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not start in ${timeoutMs} ms:\n${output}`);
    const health = await fetch(`${server.base}/api/health`).catch(() => null);
    await health?.arrayBuffer();
    if (health?.ok) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Sends `signal` and waits until the process has exited. */
export async function stopServer(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal);
  await server.exited;
}

/** Every server this file started and left running, stopped (for `afterAll`). */
export async function stopAllServers(): Promise<void> {
  await Promise.all(started.map((server) => stopServer(server, 'SIGKILL')));
  started.length = 0;
}

/** Waits until the server has printed `text`. */
export async function waitForOutput(server: ServerProcess, text: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!server.output().includes(text)) {
    if (Date.now() > deadline || server.child.exitCode !== null) {
      throw new Error(`the server never said "${text}":\n${server.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

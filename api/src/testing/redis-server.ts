// A throwaway Redis for the tests that share state between API instances: Debian's `redis-server`
// on a free loopback port, nothing saved to disk. Where `redis-server` is not installed the tests
// that need it are skipped with one clear line (`describe.skipIf(!hasRedisServer)`); CI installs it.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { freePort } from './server-process';

/** The binary: REDIS_SERVER, else `redis-server` on PATH. */
const binary = process.env.REDIS_SERVER ?? 'redis-server';

function probe(): boolean {
  try {
    execFileSync(binary, ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export const hasRedisServer = probe();

/** Why the Redis tests did not run, for `describe.skipIf`'s name. */
export const NO_REDIS_SERVER = `(skipped: ${binary} is not installed; apt-get install redis-server)`;

export interface RedisServer {
  /** `redis://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** Stops it (SIGKILL when `hard`, as an outage does); the port stays the same for `start`. */
  stop(hard?: boolean): Promise<void>;
  /** Starts it again on the same port, empty (nothing was saved). */
  start(): Promise<void>;
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

/** Starts a Redis on a free port and waits until it takes connections. */
export async function startRedisServer(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | null = null;

  async function start(): Promise<void> {
    const started = spawn(
      binary,
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--loglevel',
        'warning',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = started;
    running.add(started);
    started.once('exit', () => running.delete(started));
    let output = '';
    started.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    started.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    const deadline = Date.now() + 10_000;
    while (!(await answersPing(port))) {
      if (started.exitCode !== null) throw new Error(`redis-server exited:\n${output}`);
      if (Date.now() > deadline) throw new Error(`redis-server did not start in 10 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function stop(hard = false): Promise<void> {
    const current = child;
    child = null;
    if (!current || current.exitCode !== null) return;
    const exited = new Promise((resolve) => current.once('exit', resolve));
    current.kill(hard ? 'SIGKILL' : 'SIGTERM');
    await exited;
  }

  await start();
  return { url: `redis://127.0.0.1:${port}`, port, stop, start };
}

/** Whether something on `port` answers Redis's PING (a raw RESP exchange, no client needed). */
async function answersPing(port: number): Promise<boolean> {
  const { createConnection } = await import('node:net');
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

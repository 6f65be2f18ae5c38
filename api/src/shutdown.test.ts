// A graceful shutdown, on the real server process: a SIGTERM while requests are open loses none of
// them, readiness says closing meanwhile, sockets hear 1001 (going away), and the process exits 0
// once it has drained.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seriesValue } from './testing/metrics';
import { migratedDataDir, startServer, stopAllServers } from './testing/server-process';
import { openWebSocket } from './testing/websocket-client';

const OPEN_REQUESTS = 50;
/** The balancer's time to notice readiness say 503, while the instance still serves. */
const DELAY_MS = 2_000;
/** Long enough that all of them are still open after the delay, even on a loaded machine. */
const SLOW_MS = 5_000;

let folder = '';
afterAll(async () => {
  await stopAllServers();
  if (folder) await rm(folder, { recursive: true, force: true });
});

/** The figure of one series on /metrics. */
async function metric(base: string, series: string): Promise<number> {
  return seriesValue(await (await fetch(`${base}/metrics`)).text(), series) ?? Number.NaN;
}

// The server opens its own embedded database whatever DATABASE_URL says, so the PostgreSQL run
// of this suite would only repeat it.
describe.skipIf(!!process.env.DATABASE_URL)('a server told to stop (SIGTERM)', () => {
  it(`says closing on /api/ready, answers all of ${OPEN_REQUESTS} open requests, closes sockets with 1001, and exits 0`, async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'shutdown-test-'));
    const dataDir = await migratedDataDir(path.join(folder, 'pglite'));
    const server = await startServer((base) => ({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      MEDIA_DIR: path.join(folder, 'media'),
      STATIC_ROOT: folder,
      AUTH_SECRET: 'a-test-secret-that-is-long-enough-0123456789',
      PUBLIC_URL: base,
      SLOW_TEST_ROUTE_MS: String(SLOW_MS),
      SHUTDOWN_TIMEOUT_MS: '30000',
      SHUTDOWN_DELAY_MS: String(DELAY_MS),
    }));

    const socket = await openWebSocket(`${server.base.replace('http://', 'ws://')}/ws/online`);
    const socketClosed = new Promise<number>((resolve) =>
      socket.once('close', (code: number) => resolve(code)),
    );

    const answers = Array.from({ length: OPEN_REQUESTS }, async () => {
      const response = await fetch(`${server.base}/api/test/slow`);
      const body = await response.json();
      return { status: response.status, body, at: Date.now() };
    });
    // Every request has reached the server (the scrape itself is one more in flight).
    const deadline = Date.now() + 30_000;
    while ((await metric(server.base, 'http_requests_in_flight')) < OPEN_REQUESTS + 1) {
      if (Date.now() > deadline) throw new Error(`the ${OPEN_REQUESTS} requests never all arrived`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const exitCode = new Promise<number | null>((resolve) =>
      server.child.once('exit', (code) => resolve(code)),
    );

    // During the delay it still serves, but tells the balancer it is closing (once the signal has
    // reached the process: it is delivered on its own time).
    let ready = await fetch(`${server.base}/api/ready`);
    while (ready.status === 200 && Date.now() - signalledAt < DELAY_MS) {
      await ready.arrayBuffer();
      await new Promise((resolve) => setTimeout(resolve, 20));
      ready = await fetch(`${server.base}/api/ready`);
    }
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'closing', failed: [] });
    // Then new connections are refused while the open ones drain.
    const refusedBy = Date.now() + DELAY_MS + 10_000;
    let refused = false;
    while (!refused && Date.now() < refusedBy) {
      refused = await fetch(`${server.base}/api/health`).then(
        (response) => response.arrayBuffer().then(() => false),
        () => true,
      );
      if (!refused) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(refused).toBe(true);

    const settled = await Promise.all(answers);
    expect(settled.map((answer) => answer.status)).toEqual(Array(OPEN_REQUESTS).fill(200));
    expect(settled.every((answer) => answer.body.waitedMs === SLOW_MS)).toBe(true);
    // They were all open when the signal came: each answer arrived after it.
    expect(settled.every((answer) => answer.at >= signalledAt)).toBe(true);
    expect(await socketClosed).toBe(1001);
    expect(await exitCode).toBe(0);
    expect(server.output()).not.toContain('still draining at the deadline');
  }, 180_000);
});

import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { PaymentOrder, PaymentOrderCreatedResponse } from 'contracts';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import {
  databaseOnServer,
  freePort,
  migratedDataDir,
  type ServerProcess,
  startServer,
  stopAllServers,
  stopServer,
  waitForOutput,
} from '../../testing/server-process';
import { httpBrowser } from '../../testing/http-browser';
import { paymentRoutes } from './routes';
import { TEST_DELAY_LOG } from './settings';
import { SIGNATURE_HEADER, signIpn } from './signature';

/*
 * The kill test: the API is a real process (tsx src/server.ts) on a real database (a PGlite
 * folder, or a fresh database on DATABASE_URL's server), killed with SIGKILL while it applies a
 * webhook, then started again on the same database while the gateway retries.
 *
 * PAYMENTS_TEST_DELAY_MS makes the server pause at one point of applying a webhook and log
 * TEST_DELAY_LOG; the test kills it on seeing that line. Both points are tried:
 *   before-commit: inside the crediting transaction (order row locked, ledger rows written,
 *                  nothing committed): the restart finds nothing credited, the retry credits;
 *   after-commit:  the credit committed, the answer not sent (the gateway saw a dropped
 *                  connection and will retry): the retry is recognised and credits nothing more.
 */

const apiDir = fileURLToPath(new URL('../../..', import.meta.url));
const SANDBOX_SECRET = `kill-test-sandbox-${randomBytes(16).toString('hex')}`;
const DEMO_PASSWORD = 'kill-test-demo-password';
const START_TIMEOUT_MS = 90_000;

const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  await stopAllServers();
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A fresh database for the server: a PGlite folder, or a database on DATABASE_URL's server. */
async function freshDatabase(): Promise<Record<string, string>> {
  const dir = await mkdtemp(path.join(tmpdir(), 'payments-kill-test-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) return { DATA_DIR: await migratedDataDir(path.join(dir, 'pglite')), STATIC_ROOT: dir };
  const database = await databaseOnServer(serverUrl, 'payments_kill');
  cleanups.push(database.drop);
  return { DATABASE_URL: database.url, STATIC_ROOT: dir };
}

/** The server on `port`, as a test server: the demo model and the sandbox gateway, which production (the default) refuses. */
const startOn = (port: number, env: Record<string, string>) =>
  startServer({ NODE_ENV: 'test', PAYMENTS_SANDBOX: '1', ...env }, { port, timeoutMs: START_TIMEOUT_MS });

async function kill(server: ServerProcess): Promise<void> {
  await stopServer(server, 'SIGKILL');
  expect(server.child.signalCode).toBe('SIGKILL');
}

/** A browser at the server's address (a getter: the same port across restarts). */
function browser(base: () => string) {
  const http = httpBrowser();
  return {
    get: (url: string) => http.get(base(), url),
    post: (url: string, body: unknown) => http.post(base(), url, body),
  };
}

/** The gateway's "finished" webhook about an order, signed as the sandbox signs. */
function finishedWebhook(base: string, order: PaymentOrder, paymentId: string) {
  const body = {
    payment_id: paymentId,
    payment_status: 'finished',
    order_id: order.id,
    price_amount: order.amount,
    price_currency: 'rub',
    pay_amount: Number(order.payAmount),
    actually_paid: Number(order.payAmount),
    pay_currency: order.payCurrency,
  };
  return fetch(`${base}/api/payments/webhooks/sandbox`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signIpn(body, SANDBOX_SECRET) },
    body: JSON.stringify(body),
  });
}

describe('a webhook interrupted by SIGKILL', () => {
  it('is credited exactly once after a restart, whichever side of the commit the kill falls', async () => {
    const database = await freshDatabase();
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const env = {
      ...database,
      AUTH_SECRET: `kill-test-auth-secret-${randomBytes(16).toString('hex')}`,
      DEMO_PASSWORD,
      PAYMENTS_SANDBOX_SECRET: SANDBOX_SECRET,
    };
    const model = browser(() => base);
    const balance = async () =>
      ((await (await model.get('/api/profile')).json()) as { balance: number }).balance;
    const createOrder = async () => {
      const response = await model.post('/api/payments/orders', { amount: 500 });
      expect(response.status).toBe(201);
      return ((await response.json()) as PaymentOrderCreatedResponse).order;
    };
    const readOrder = async (id: string) =>
      (await (await model.get(`/api/payments/orders/${id}`)).json()) as PaymentOrder;

    // 1. Killed inside the crediting transaction.
    const reconcile = async () =>
      (
        await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join('src', 'reconcile.ts')], {
          cwd: apiDir,
          env: { PATH: process.env.PATH, ...database },
        })
      ).stdout;
    /** The books' figures this test moves: credited top-ups, their sum, and stored webhooks by state. */
    const figures = (report: string) => ({
      topUps: Number(/top-ups credited: (\d+)/.exec(report)?.[1]),
      rubles: Number(/top-ups credited: \d+ \(([\d.]+) ₽\)/.exec(report)?.[1]),
      credited: Number(/credited (\d+)/.exec(report)?.[1] ?? 0),
      received: Number(/received (\d+)/.exec(report)?.[1] ?? 0),
    });

    // 0. The seeded books (the demo accounts' month of history) before this test adds to them.
    const seeded = await startOn(port, env);
    await stopServer(seeded);
    const seededBooks = figures(await reconcile());

    let server = await startOn(port, {
      ...env,
      PAYMENTS_TEST_DELAY_MS: '60000',
      PAYMENTS_TEST_DELAY_AT: 'before-commit',
    });
    await model.get('/api/health');
    const login = await model.post('/api/auth/login', {
      email: 'model@anketa.local',
      password: DEMO_PASSWORD,
    });
    expect(login.status).toBe(200);
    const before = await balance();
    const first = await createOrder();
    // Settled at once: the kill drops the connection, which is what the gateway sees.
    const firstDelivery = finishedWebhook(base, first, 'kill-1').then(
      (response) => response.status,
      (error: unknown) => error,
    );
    await waitForOutput(server, TEST_DELAY_LOG);
    expect(server.output()).toContain(`"at":"before-commit","ms":60000,"orderId":"${first.id}"`);
    await kill(server);
    expect(await firstDelivery).toBeInstanceOf(Error);

    // 2. Nothing of it was committed; now killed after the commit, before the answer.
    server = await startOn(port, {
      ...env,
      PAYMENTS_TEST_DELAY_MS: '60000',
      PAYMENTS_TEST_DELAY_AT: 'after-commit',
    });
    expect(await readOrder(first.id)).toMatchObject({ status: 'created', credited: 0 });
    expect(await balance()).toBe(before);
    const second = await createOrder();
    // Settled at once: the kill drops the connection, which is what the gateway sees.
    const secondDelivery = finishedWebhook(base, second, 'kill-2').then(
      (response) => response.status,
      (error: unknown) => error,
    );
    await waitForOutput(server, TEST_DELAY_LOG);
    expect(server.output()).toContain(`"at":"after-commit","ms":60000,"orderId":"${second.id}"`);
    await kill(server);
    expect(await secondDelivery).toBeInstanceOf(Error);

    // 3. Started normally; the gateway retries both, then once more.
    server = await startOn(port, env);
    expect(await readOrder(second.id)).toMatchObject({ status: 'finished', credited: 500 });
    expect(await balance()).toBe(before + 500);
    for (let round = 0; round < 2; round++) {
      for (const [order, paymentId] of [
        [first, 'kill-1'],
        [second, 'kill-2'],
      ] as const) {
        const retry = await finishedWebhook(base, order, paymentId);
        expect(retry.status).toBe(200);
        expect(await retry.json()).toEqual({ ok: true, status: 'finished' });
      }
    }
    expect(await balance()).toBe(before + 1000);
    expect(await readOrder(first.id)).toMatchObject({ status: 'finished', credited: 500 });

    // 4. Stopped; the books of that database reconcile.
    await stopServer(server);
    const stdout = await reconcile();
    // Two top-ups of 500 credited, once each; the webhook of the first kill stays `received`: it
    // was stored, then its transaction died.
    expect(figures(stdout)).toEqual({
      topUps: seededBooks.topUps + 2,
      rubles: seededBooks.rubles + 1000,
      credited: seededBooks.credited + 2,
      received: seededBooks.received + 1,
    });
    expect(stdout).toContain('OK: every balance equals its ledger entries');
  }, 240_000);
});

describe('the payments test delay', () => {
  it.each([
    ['production', 'production'],
    ['unset (production)', ''],
  ])(
    'cannot be switched on with NODE_ENV %s, even by a caller that skips the configuration',
    async (_, mode) => {
      const app = Fastify();
      const nodeEnv = process.env.NODE_ENV;
      process.env.NODE_ENV = mode;
      try {
        await expect(
          app
            .register(paymentRoutes, {
              settings: { provider: 'off' },
              publicUrl: 'https://anketa.example',
              testDelay: { ms: 1, at: 'after-commit' },
            })
            .ready(),
        ).rejects.toThrow(/test delay cannot be used in production/);
      } finally {
        process.env.NODE_ENV = nodeEnv;
        await app.close();
      }
    },
  );
});

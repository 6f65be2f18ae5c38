import { copyFileSync, existsSync, mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { journeyChromiumOptions } from '../tools/chromium.mjs';
import { DEMO } from './support/accounts';
import { E2E_RELEASES_SERVER, E2E_SERVERS, type E2eServer } from './support/servers';
import { E2E_RELEASE_TOKEN } from './support/releases';

const root = path.resolve(import.meta.dirname, '..');
const apiBundle = path.join(root, 'api', 'dist', 'server.js');
if (!existsSync(apiBundle)) throw new Error(`${apiBundle} is missing: run \`npm run build\` first`);
const basePort = Number(process.env.E2E_PORT ?? 18123);
// One worker per core (two here), each with a server and an embedded database of its own: the
// journeys of one worker never meet another's data, and each starts from the seed, never from
// leftovers. A worker runs its files in order, as the one worker of a serial run did.
const workers = Number(process.env.E2E_WORKERS ?? Math.min(2, availableParallelism()));
// The registry each server reads (REMOTES_JSON): a copy the server-rendering journeys may repoint,
// of the one the build ships (its server builds pinned by their hashes, as production runs them).
// Workers evaluate this file again; they keep the main process's servers.
if (!process.env[E2E_SERVERS]) {
  const servers: E2eServer[] = Array.from({ length: workers }, (_, index) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-pglite-'));
    const registry = path.join(dataDir, 'remotes.json');
    copyFileSync(path.join(root, 'shell', 'dist', 'remotes.json'), registry);
    return { port: basePort + index, dataDir, registry };
  });
  process.env[E2E_SERVERS] = JSON.stringify(servers);
  // The catalogue's release journeys (release-catalog.spec.ts) run canaries of the catalogue
  // itself, one of them broken on purpose: on a server of their own, so that no other journey
  // meets them.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-releases-'));
  const registry = path.join(dataDir, 'remotes.json');
  copyFileSync(path.join(root, 'shell', 'dist', 'remotes.json'), registry);
  process.env[E2E_RELEASES_SERVER] = JSON.stringify({ port: basePort + 50, dataDir, registry });
}
const servers = JSON.parse(process.env[E2E_SERVERS] ?? '[]') as E2eServer[];
const releasesServer = JSON.parse(process.env[E2E_RELEASES_SERVER] ?? 'null') as E2eServer;
/** The files of most journey time (the closing summary's slowest), longest first. */
const LONG_FILES = [
  'release-catalog.spec.ts',
  'admin-records.spec.ts',
  'admin-moderation.spec.ts',
  'cabinet-a11y.spec.ts',
  'streams.spec.ts',
  'a11y.spec.ts',
  'office-frame.spec.ts',
].map((file) => `**/${file}`);

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    // The first server's; support/test.ts gives each worker its own.
    baseURL: `http://localhost:${basePort}`,
    // A failed journey keeps a screenshot and Playwright's error context (the page's ARIA tree).
    // Traces are recorded with E2E_TRACE=1 (actions, DOM snapshots, network, screencast; kept
    // for failed journeys): recording them for every journey of a run whose failures are read
    // from its log cost about a quarter of the run's CPU (cabinet-a11y desktop: 66 -> 49 CPU s).
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: journeyChromiumOptions,
  },
  // The longest files first, then the rest: a worker runs a file's journeys in order and takes the
  // next file when it is free, so a long file taken last ran alone at the end while the other
  // worker idled (streams.spec's 45 s). Both projects are the same browser.
  projects: [
    { name: 'long', testMatch: LONG_FILES, use: { ...devices['Desktop Chrome'] } },
    { name: 'chromium', testIgnore: LONG_FILES, use: { ...devices['Desktop Chrome'] } },
  ],
  webServer: [...servers, releasesServer].map((server) => ({
    // The API as it is deployed: the bundle `npm run build` (and npm test's build step) makes.
    command: `node --enable-source-maps ${apiBundle}`,
    cwd: root,
    url: `http://localhost:${server.port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    env: {
      PORT: String(server.port),
      DATA_DIR: server.dataDir,
      STATIC_ROOT: root,
      // Development mode serves the mail outbox (/api/dev/mail.json) the journeys read codes from.
      NODE_ENV: 'development',
      DEV_PAGES: 'mail',
      // The journeys top balances up through the sandbox gateway.
      PAYMENTS_SANDBOX: '1',
      DATABASE_URL: '',
      DEMO_PASSWORD: DEMO.password,
      REMOTES_JSON: server.registry,
      ADMIN_PASSWORD: 'admin-e2e-password',
      // Journeys sign in many times from one address; the limits themselves have API tests.
      RATE_LIMIT_FACTOR: '50',
      // The registration journey waits for the resend countdown: 15 s instead of the product's 60.
      AUTH_RESEND_COOLDOWN_SECONDS: '15',
      // The releases journey records releases as a deploy pipeline does (releases.spec.ts).
      RELEASE_TOKEN: E2E_RELEASE_TOKEN,
      // Where the release command stores releases, and this server serves them from.
      RELEASE_STORE_DIR: path.join(server.dataDir, 'releases'),
    },
  })),
});

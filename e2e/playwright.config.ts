import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumOptions } from '../tools/chromium.mjs';
import { DEMO } from './support/accounts';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 18123);
// A fresh embedded database per run: journeys start from the seed, never from leftovers.
const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-pglite-'));
// The registry the server reads (REMOTES_JSON): a copy the server-rendering journeys may repoint.
// Workers evaluate this file again; they keep the main process's copy.
process.env.E2E_REGISTRY ??= path.join(dataDir, 'remotes.json');
copyFileSync(path.join(root, 'shell', 'public', 'remotes.json'), process.env.E2E_REGISTRY);

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: chromiumOptions,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: `${path.join(root, 'api', 'node_modules', '.bin', 'tsx')} ${path.join(root, 'api', 'src', 'server.ts')}`,
    cwd: root,
    url: `http://localhost:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      STATIC_ROOT: root,
      // Development mode serves the mail outbox (/api/dev/mail.json) the journeys read codes from.
      NODE_ENV: 'development',
      DEV_PAGES: 'mail',
      DATABASE_URL: '',
      DEMO_PASSWORD: DEMO.password,
      REMOTES_JSON: process.env.E2E_REGISTRY,
      ADMIN_PASSWORD: 'admin-e2e-password',
      // Journeys sign in many times from one address; the limits themselves have API tests.
      RATE_LIMIT_FACTOR: '50',
    },
  },
});

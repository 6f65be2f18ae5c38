import { spawn } from 'node:child_process';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { adminCall, adminContext } from '../support/admin';
import { asPipeline, E2E_RELEASE_TOKEN } from '../support/releases';
import { releasesServer } from '../support/servers';
import { expect, gotoWithoutWaiting, test } from '../support/test';

// Issue 30, end to end with the real catalogue: the release command builds it twice with a visible
// difference (its pages name their release's semver), stores and publishes both; at a 50 % canary
// fresh visitors split, each keeping one release on the server-rendered HTML, in the browser and
// across reloads; a rollback sends new loads to stable at once; a canary that throws on render is
// rolled back by the guard after the configured number of failing sessions, and its errors show on
// the releases screen. On a server of their own (playwright.config.ts): no other journey meets
// these canaries.
test.describe.configure({ mode: 'serial' });
test.use({ locale: 'ru-RU' });

const server = releasesServer();
const root = path.resolve(import.meta.dirname, '..', '..');

/**
 * Runs `pnpm --filter mfe-catalog release` as a deploy pipeline would (`--no-build`: the catalogue
 * `npm run build` built); answers the version it published.
 */
function releaseCatalog(env: Record<string, string>, args: string[] = []): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(root, 'scripts', 'release-build.mjs'), ...args], {
      cwd: path.join(root, 'mfe-catalog'),
      env: {
        ...process.env,
        RELEASE_API: server.baseURL,
        RELEASE_TOKEN: E2E_RELEASE_TOKEN,
        RELEASE_STORE_DIR: server.store,
        BUILD_BROTLI_QUALITY: '1',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      const last = output.trim().split('\n').at(-1) ?? '';
      if (code !== 0) reject(new Error(`the release command failed (${code}):\n${output}`));
      else resolve((JSON.parse(last) as { version: string }).version);
    });
  });
}

const semverOf = (version: string) => version.split('+')[0] ?? version;

/** The catalogue's release a page runs: the one its server-rendered HTML names, and the code its browser loaded. */
async function catalogueOf(page: Page, url = '/') {
  const response = await page.goto(url);
  const html = (await response?.text()) ?? '';
  const served = /data-release="([^"]+)"/.exec(html)?.[1] ?? null;
  const rendered = await page.getByTestId('catalog-release').getAttribute('data-release');
  const loaded = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => /\/mfe\/catalog\/([^/]+)\/mf-manifest\.json/.exec(entry.name)?.[1])
      .find(Boolean),
  );
  return { served, rendered, loaded: loaded ? decodeURIComponent(loaded) : null };
}

async function freshVisitor(browser: Browser) {
  const context = await browser.newContext({ baseURL: server.baseURL, locale: 'ru-RU' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (/hydrat|did not match/i.test(message.text())) problems.push(message.text());
  });
  return { context, page, problems };
}

const channels = async (request: import('@playwright/test').APIRequestContext) =>
  (await asPipeline(request, `${server.baseURL}/api/releases/mfe_catalog`)) as {
    stable: string | null;
    canary: string | null;
    canaryPercent: number;
    changes: { action: string; actor: string; reason: string; fromVersion: string | null }[];
  };

let stable = '';
let canary = '';

test('the catalogue released twice: a 50 % canary splits fresh visitors, each keeps one release, a rollback ends it at once', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  // Stable: the catalogue as built (its package's semver); the canary: built again as 1.1.0.
  stable = await releaseCatalog({}, ['--no-build']);
  canary = await releaseCatalog({ RELEASE_SEMVER: '1.1.0' });
  expect(stable).toMatch(/^\d+\.\d+\.\d+\+[0-9a-f]{12}$/);
  expect(canary).toMatch(/^1\.1\.0\+[0-9a-f]{12}$/);
  const stableSemver = semverOf(stable);
  expect(stableSemver).not.toBe('1.1.0');

  const base = `${server.baseURL}/api/releases/mfe_catalog`;
  await asPipeline(request, base, { action: 'promote', version: stable, reason: 'the first release' });
  await asPipeline(request, base, { action: 'canary', version: canary, percent: 50, reason: 'the new one' });

  /** A fresh visitor's release, the same on the server's HTML, in the browser and on a reload. */
  const visit = async (visitor: number) => {
    const { context, page, problems } = await freshVisitor(browser);
    const first = await catalogueOf(page);
    // The server's HTML, the hydrated page and the code the browser fetched: one release.
    expect(first.served).not.toBeNull();
    expect(first.rendered).toBe(first.served);
    expect(first.loaded && semverOf(first.loaded)).toBe(first.served);
    expect([stable, canary]).toContain(first.loaded);
    // A reload keeps it (every fourth visitor reloads onto another page of the catalogue, which
    // the server renders with the same registry).
    expect(await catalogueOf(page, visitor % 4 === 3 ? '/price' : '/')).toEqual(first);
    expect(problems).toEqual([]);
    await context.close();
    return first.served ?? '';
  };
  const seen = new Map<string, number>();
  for (let visitor = 0; visitor < 20; visitor++) {
    const served = await visit(visitor);
    seen.set(served, (seen.get(served) ?? 0) + 1);
  }
  expect(seen.get(stableSemver)).toBeGreaterThan(0);
  expect(seen.get('1.1.0')).toBeGreaterThan(0);

  await asPipeline(request, base, { action: 'rollback', reason: 'back to stable' });
  for (let visitor = 0; visitor < 4; visitor++) {
    const { context, page } = await freshVisitor(browser);
    expect(await catalogueOf(page)).toEqual({ served: stableSemver, rendered: stableSemver, loaded: stable });
    await context.close();
  }
});

test('a canary that throws on render is rolled back by the guard, and its errors show on the releases screen', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  expect(stable).not.toBe('');
  // An administrator turns the guard on: three sessions, five points over stable.
  const admin = await adminContext(browser, server.baseURL);
  await adminCall(admin.request, 'put', '/api/admin-panel/releases/guard', {
    enabled: true,
    sessions: 3,
    marginPercent: 5,
  });

  // The drill build passes the release checks: its server entry renders; its browser build throws.
  const broken = await releaseCatalog({ RELEASE_SEMVER: '1.2.0', RELEASE_FAULT: 'render' });
  await asPipeline(request, `${server.baseURL}/api/releases/mfe_catalog`, {
    action: 'canary',
    version: broken,
    percent: 100,
    reason: 'the drill',
  });

  for (let visitor = 0; visitor < 3; visitor++) {
    const { context, page } = await freshVisitor(browser);
    const response = await gotoWithoutWaiting(page, '/');
    // The server rendered the page; in the browser the catalogue's area failed and says so.
    expect(await response?.text()).toContain('data-release="1.2.0"');
    await expect(page.getByTestId('remote-fallback')).toBeVisible();
    // The error brought the page's telemetry at once; leaving the page sends its report (sendBeacon
    // on pagehide).
    await expect(page.locator('html[data-telemetry="on"]')).toBeAttached();
    await page.goto('about:blank');
    await context.close();
    if (visitor < 2) {
      // Fewer failing sessions than the guard waits for: the canary stands.
      await expect.poll(async () => (await channels(request)).canary).toBe(broken);
    }
  }
  await expect.poll(async () => (await channels(request)).canary, { timeout: 20_000 }).toBeNull();
  const changes = (await channels(request)).changes;
  expect(changes[0]).toMatchObject({ action: 'rollback', actor: 'guard', fromVersion: broken });
  expect(changes[0]?.reason).toMatch(/3 of 3 sessions/);

  // New loads get stable at once.
  const { context, page } = await freshVisitor(browser);
  const stableSemver = semverOf(stable);
  expect(await catalogueOf(page)).toEqual({ served: stableSemver, rendered: stableSemver, loaded: stable });
  await context.close();

  // The releases screen: the guard's rollback and the canary's errors.
  const screen = await admin.newPage();
  await screen.goto('/admin/releases');
  await expect(screen.getByTestId('channels-mfe_catalog')).toContainText(`Основная${stable}`);
  const history = screen.getByTestId('history-mfe_catalog');
  await expect(history.getByRole('row').nth(1)).toContainText('guard');
  await expect(history.getByRole('row').nth(1)).toContainText('3 of 3 sessions');
  // The rolled-back canary keeps its figures on the screen: its sessions and the error it threw.
  await expect(screen.getByTestId(`errors-mfe_catalog-withdrawn-${broken}`)).toContainText(
    'Release fault drill',
  );
  await screen.screenshot({ path: test.info().outputPath('releases-after-guard.png'), fullPage: true });
  await admin.close();
});

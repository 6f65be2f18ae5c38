// Bundle size: gzip bytes of each app's JavaScript, the first-load JS of `/` — every script
// the browser fetches before the first profile card is on screen — and the first-load JS of the
// model's cabinet at `/profile`, signed in as the demo model, until her profile cards show.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumOptions, root, startServer } from '../lib/server.mjs';
import { appSizes, gzipSize, kib, scriptOwner } from './sizes.mjs';

const APPS = ['shell', 'mfe-catalog', 'mfe-auth', 'mfe-model-cabinet', 'mfe-advertiser-office'];
const BUDGET_KIB = 150;
const CABINET_PASSWORD = 'bench-demo-password';

/** Every script a page fetches (path, gzip and raw bytes), from the moment it is attached. */
function collectScripts(page) {
  const scripts = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    scripts.push({ url: new URL(response.url()).pathname, gzip: gzipSize(body), raw: body.length });
  });
  return scripts;
}

async function firstLoad(base) {
  const browser = await chromium.launch(chromiumOptions);
  const page = await browser.newPage();
  const scripts = collectScripts(page);
  // The moment the shell marks the page hydrated, stamped in the page itself: what the page
  // fetches once idle after that (the other language's texts) is not needed to answer input.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.documentElement.dataset.hydrated !== 'true') return;
      document.documentElement.dataset.hydratedAt = String(performance.now());
      observer.disconnect();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
  });
  const started = Date.now();
  await page.goto(`${base}/`);
  // The first card comes with the HTML; the page answers input once it has hydrated.
  await page.getByTestId('model-card').first().waitFor();
  const cardMs = Date.now() - started;
  await page.locator('html[data-hydrated="true"]').waitFor();
  const before = new Set(
    await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((entry) => entry.startTime <= Number(document.documentElement.dataset.hydratedAt))
        .map((entry) => new URL(entry.name).pathname),
    ),
  );
  // Their bodies are read as they arrive.
  const deadline = Date.now() + 5000;
  while ([...before].some((url) => url.endsWith('.js') && !scripts.some((script) => script.url === url))) {
    if (Date.now() > deadline) break;
    await page.waitForTimeout(50);
  }
  const loaded = scripts.filter((script) => before.has(script.url));
  await browser.close();
  return { cardMs, scripts: loaded };
}

/**
 * A signed-in area's first load for its demo account: the cookies come from a sign-in through the
 * API first, so only the page's own scripts are counted, until `ready` is on screen.
 */
async function areaFirstLoad(base, { email, path: areaPath, ready, owner }) {
  const browser = await chromium.launch(chromiumOptions);
  const context = await browser.newContext();
  await context.request.get(`${base}/api/health`);
  const csrf = (await context.cookies(base)).find((cookie) => cookie.name === 'csrf_token')?.value ?? '';
  const login = await context.request.post(`${base}/api/auth/login`, {
    data: { email, password: CABINET_PASSWORD },
    headers: { 'x-csrf-token': csrf },
  });
  if (!login.ok()) throw new Error(`${email} sign-in failed: ${login.status()}`);
  const page = await context.newPage();
  const scripts = collectScripts(page);
  await page.goto(`${base}${areaPath}`);
  await page.locator(ready).first().waitFor();
  const loaded = [...scripts];
  await browser.close();
  const total = loaded.reduce((sum, script) => sum + script.gzip, 0);
  const own = loaded.filter((script) => scriptOwner(script.url) === owner);
  return {
    gzipKiB: kib(total),
    scripts: loaded.length,
    remoteGzipKiB: kib(own.reduce((sum, script) => sum + script.gzip, 0)),
    remoteFiles: own
      .map((script) => ({ url: script.url, gzipKiB: kib(script.gzip) }))
      .sort((a, b) => b.gzipKiB - a.gzipKiB),
  };
}

/** `/profile` for the demo model, until her first profile card shows. */
const cabinetFirstLoad = (base) =>
  areaFirstLoad(base, {
    email: 'model@anketa.local',
    path: '/profile',
    ready: '[data-testid^="profile-card-"]',
    owner: 'model-cabinet',
  });

/** `/advister` for the demo advertiser, until the dashboard's totals show. */
const officeFirstLoad = (base) =>
  areaFirstLoad(base, {
    email: 'advertiser@anketa.local',
    path: '/advister',
    ready: '[data-testid="dashboard-totals"]',
    owner: 'advertiser-office',
  });

// Production seeds no demo profiles or accounts, so the server runs as `test`: the same built
// files, served the same way (compressed, cached), with the demo data both measures need.
const server = await startServer(18340, { NODE_ENV: 'test', DEMO_PASSWORD: CABINET_PASSWORD });
try {
  const apps = APPS.map((app) => appSizes(path.join(root, app, 'dist'), app));
  const { cardMs, scripts } = await firstLoad(server.base);
  const cabinet = await cabinetFirstLoad(server.base);
  const office = await officeFirstLoad(server.base);
  const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
  const byOwner = {};
  for (const script of scripts) {
    const owner = scriptOwner(script.url);
    byOwner[owner] = (byOwner[owner] ?? 0) + script.gzip;
  }
  const report = {
    date: new Date().toISOString(),
    apps,
    firstLoad: {
      gzipKiB: kib(total),
      budgetKiB: BUDGET_KIB,
      withinBudget: kib(total) <= BUDGET_KIB,
      scripts: scripts.length,
      byOwnerKiB: Object.fromEntries(Object.entries(byOwner).map(([key, value]) => [key, kib(value)])),
      files: scripts
        .map((script) => ({ url: script.url, gzipKiB: kib(script.gzip) }))
        .sort((a, b) => b.gzipKiB - a.gzipKiB),
      firstCardMsLocal: cardMs,
    },
    cabinet,
    office,
  };
  mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(
    path.join(root, 'bench', 'results', 'bundle-size.json'),
    `${JSON.stringify(report, null, 2)}\n`,
  );
  console.log('app                    JS raw KiB   JS gzip KiB');
  for (const app of apps)
    console.log(
      `${app.app.padEnd(22)} ${String(app.rawKiB).padStart(10)}   ${String(app.gzipKiB).padStart(11)}`,
    );
  console.log(
    `\nfirst-load JS of / : ${kib(total)} KiB gzip in ${scripts.length} scripts (budget ${BUDGET_KIB} KiB)`,
  );
  for (const file of report.firstLoad.files)
    console.log(`  ${String(file.gzipKiB).padStart(7)}  ${file.url}`);
  console.log(
    `\nfirst-load JS of /profile (demo model): ${cabinet.gzipKiB} KiB gzip in ${cabinet.scripts} scripts; the cabinet remote's own: ${cabinet.remoteGzipKiB} KiB`,
  );
  for (const file of cabinet.remoteFiles) console.log(`  ${String(file.gzipKiB).padStart(7)}  ${file.url}`);
  console.log(
    `\nfirst-load JS of /advister (demo advertiser): ${office.gzipKiB} KiB gzip in ${office.scripts} scripts; the office remote's own: ${office.remoteGzipKiB} KiB`,
  );
  for (const file of office.remoteFiles) console.log(`  ${String(file.gzipKiB).padStart(7)}  ${file.url}`);
} finally {
  await server.stop();
}

// Bundle size: gzip bytes of each app's JavaScript, the first-load JS of `/` — every script
// the browser fetches before the first profile card is on screen — and the first-load JS of the
// model's cabinet at `/profile`, signed in as the demo model, until her profile cards show.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumOptions, root, startServer } from '../lib/server.mjs';
import { FIRST_LOAD_BUDGET_KIB, kib, watchFirstLoad } from '../../tools/first-load.mjs';
import { appSizes, scriptOwner } from './sizes.mjs';

const APPS = ['shell', 'mfe-catalog', 'mfe-auth', 'mfe-model-cabinet', 'mfe-advertiser-office'];
// The target the first-load work was given (bench/README.md); the e2e budget journey holds the
// ceiling a build must not pass (`FIRST_LOAD_BUDGET_KIB`, reported beside it).
const BUDGET_KIB = 150;
const CABINET_PASSWORD = 'bench-demo-password';

async function firstLoad(base) {
  const browser = await chromium.launch(chromiumOptions);
  const page = await browser.newPage();
  // Until the shell marks the page hydrated: what the page fetches once idle after that (the other
  // language's texts) is not needed to answer input.
  const watch = await watchFirstLoad(page, 'html[data-hydrated="true"]');
  const started = Date.now();
  await page.goto(`${base}/`);
  // The first card comes with the HTML; the page answers input once it has hydrated.
  await page.getByTestId('model-card').first().waitFor();
  const cardMs = Date.now() - started;
  const scripts = await watch.scripts();
  await browser.close();
  return { cardMs, scripts };
}

/**
 * A signed-in area's first load for its demo account: the cookies come from a sign-in through the
 * API first, so only the page's own scripts are counted, until `ready` is on screen (a chunk the
 * screen loads once it shows is not counted, as in the budget journey).
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
  const watch = await watchFirstLoad(page, ready);
  await page.goto(`${base}${areaPath}`);
  const loaded = await watch.scripts();
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
      ceilingKiB: FIRST_LOAD_BUDGET_KIB['/'],
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
    `\nfirst-load JS of / : ${kib(total)} KiB gzip in ${scripts.length} scripts (target ${BUDGET_KIB} KiB, ceiling ${FIRST_LOAD_BUDGET_KIB['/']} KiB)`,
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

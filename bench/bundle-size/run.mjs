// Bundle size: gzip bytes of each app's JavaScript, and the first-load JS of `/` — every
// script the browser fetches before the first profile card is on screen.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { chromiumOptions, root, startServer } from '../lib/server.mjs';
import { appSizes, gzipSize, kib, scriptOwner } from './sizes.mjs';

const APPS = ['shell', 'mfe-catalog', 'mfe-auth', 'mfe-model-cabinet', 'mfe-advertiser-office'];
const BUDGET_KIB = 150;
async function firstLoad(base) {
  const browser = await chromium.launch(chromiumOptions);
  const page = await browser.newPage();
  const scripts = [];
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    scripts.push({ url: new URL(response.url()).pathname, gzip: gzipSize(body), raw: body.length });
  });
  const started = Date.now();
  await page.goto(`${base}/`);
  await page.getByTestId('model-card').first().waitFor();
  const cardMs = Date.now() - started;
  const loaded = [...scripts];
  await browser.close();
  return { cardMs, scripts: loaded };
}

const server = await startServer();
try {
  const apps = APPS.map((app) => appSizes(path.join(root, app, 'dist'), app));
  const { cardMs, scripts } = await firstLoad(server.base);
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
} finally {
  await server.stop();
}

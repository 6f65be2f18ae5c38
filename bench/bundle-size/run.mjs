// Bundle size: gzip bytes of each app's JavaScript, and the first-load JS of `/` — every
// script the browser fetches before the first profile card is on screen.
import { readdirSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { chromiumOptions, root, startServer } from '../lib/server.mjs';

const APPS = ['shell', 'mfe-catalog', 'mfe-auth', 'mfe-model-cabinet', 'mfe-advertiser-office'];
const BUDGET_KIB = 150;
const kib = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const gzipSize = (buffer) => gzipSync(buffer, { level: 9 }).length;

function appSizes(app) {
  const dist = path.join(root, app, 'dist');
  let raw = 0;
  let gzip = 0;
  for (const file of readdirSync(dist, { recursive: true })) {
    if (!String(file).endsWith('.js')) continue;
    const content = readFileSync(path.join(dist, String(file)));
    raw += content.length;
    gzip += gzipSize(content);
  }
  return { app, rawKiB: kib(raw), gzipKiB: kib(gzip) };
}

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
  const apps = APPS.map(appSizes);
  const { cardMs, scripts } = await firstLoad(server.base);
  const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
  const byOwner = {};
  for (const script of scripts) {
    const owner = script.url.startsWith('/mfe/') ? script.url.split('/')[2] : 'shell';
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

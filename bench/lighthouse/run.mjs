// Lighthouse mobile performance of the listing `/`, a filtered category page, a profile page and
// `/price`, against the production build served by the real server on a fresh embedded database
// (see README.md). `PAGES=/,/price` measures only those.
//   node bench/lighthouse/run.mjs        RUNS (3) runs per page; the median run is reported.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumOptions, root, startServer } from '../lib/server.mjs';

const RUNS = Number(process.env.RUNS ?? 3);

// Production seeds no demo profiles, so the server runs as `test`: the same built files, served
// the same way, with the demo listing to measure.
const server = await startServer(18320, { NODE_ENV: 'test' });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? chromiumOptions.executablePath,
  chromeFlags: ['--headless=new', ...chromiumOptions.args],
});

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function audit(url) {
  const runs = [];
  for (let run = 0; run < RUNS; run += 1) {
    // Default config: mobile form factor, simulated slow 4G and a 4x slower CPU.
    const result = await lighthouse(url, {
      port: chrome.port,
      onlyCategories: ['performance'],
      output: 'json',
      logLevel: 'error',
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    /** @param {string} id */
    const metric = (id) => {
      const value = lhr.audits[id]?.numericValue;
      if (value === undefined) throw new Error(`Lighthouse measured no ${id} for ${url}`);
      return value;
    };
    /** @param {{ details?: unknown }} audit */
    const savingsMs = (audit) => {
      const details = /** @type {{ type?: string, overallSavingsMs?: number } | undefined} */ (audit.details);
      return details?.type === 'opportunity' ? (details.overallSavingsMs ?? 0) : 0;
    };
    // The same load unthrottled, as this machine's browser saw it (Lighthouse simulates the rest).
    const observed = /** @type {{ items?: Array<Record<string, number>> } | undefined} */ (
      lhr.audits.metrics?.details
    )?.items?.[0];
    runs.push({
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcpMs: Math.round(metric('first-contentful-paint')),
      lcpMs: Math.round(metric('largest-contentful-paint')),
      tbtMs: Math.round(metric('total-blocking-time')),
      speedIndexMs: Math.round(metric('speed-index')),
      cls: Number(metric('cumulative-layout-shift').toFixed(3)),
      observedFcpMs: Math.round(observed?.observedFirstContentfulPaint ?? Number.NaN),
      observedLcpMs: Math.round(observed?.observedLargestContentfulPaint ?? Number.NaN),
      lcpElement:
        /** @type {{ items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined} */ (
          lhr.audits['largest-contentful-paint-element']?.details
        )?.items?.[0]?.items?.[0]?.node?.snippet?.slice(0, 120),
      opportunities: Object.values(lhr.audits)
        .filter((audit) => savingsMs(audit) > 50)
        .map((audit) => `${audit.id} (${Math.round(savingsMs(audit))} ms)`),
    });
  }
  const score = median(runs.map((r) => r.score));
  const middle = runs.find((r) => r.score === score) ?? runs[0];
  if (!middle) throw new Error('no Lighthouse runs');
  return { url: url.replace(server.base, ''), median: middle, runs };
}

try {
  const listing = await (await fetch(`${server.base}/api/model?category=individual&page=1`)).json();
  const profileId = listing.items[0].id;
  const all = [
    '/',
    // A filtered category page: a city and a price range.
    '/category/individual?page=1&city=moscow&priceMax=15000',
    `/girl/${profileId}`,
    '/price',
  ];
  const wanted = process.env.PAGES?.split(',') ?? all;
  const pages = [];
  // `/` is the home page alone; any other entry picks the pages it starts.
  const picked = all.filter((item) =>
    wanted.some((want) => (want === '/' ? item === '/' : item.startsWith(want))),
  );
  for (const page of picked) {
    pages.push(await audit(`${server.base}${page}`));
  }
  const report = { date: new Date().toISOString(), runsPerPage: RUNS, pages };
  mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(
    path.join(root, 'bench', 'results', 'lighthouse.json'),
    `${JSON.stringify(report, null, 2)}\n`,
  );

  console.log(`Lighthouse mobile, median of ${RUNS} runs`);
  console.log(
    'page                                                    score   FCP ms   LCP ms   TBT ms   SI ms    CLS   seen FCP/LCP ms',
  );
  for (const { url, median: m } of pages) {
    console.log(
      `${url.padEnd(56)}${String(m.score).padStart(5)}${String(m.fcpMs).padStart(9)}${String(m.lcpMs).padStart(9)}${String(m.tbtMs).padStart(9)}${String(m.speedIndexMs).padStart(8)}${String(m.cls).padStart(7)}${`${m.observedFcpMs}/${m.observedLcpMs}`.padStart(18)}`,
    );
    if (m.opportunities.length) console.log(`  opportunities: ${m.opportunities.join(', ')}`);
    if (m.lcpElement) console.log(`  LCP element: ${m.lcpElement}`);
  }
} finally {
  await chrome.kill();
  await server.stop();
}

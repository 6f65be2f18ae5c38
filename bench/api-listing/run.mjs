// Load test of GET /api/model with many profiles, beside a bare Fastify route (see README.md).
//   node bench/api-listing/run.mjs                        embedded PGlite (the default set-up)
//   BENCH_DATABASE_URL=postgres://... node bench/...      a real PostgreSQL server (a scratch
//                                                         database is created there and dropped)
// Env: PROFILES (100000), CONNECTIONS (100), DURATION (seconds per run, 10).
import { fork } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { root, startServer, stopChild } from '../lib/server.mjs';
import { generateInPglite, generateInPostgres } from './generate.mjs';

const PROFILES = Number(process.env.PROFILES ?? 100_000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 100);
const DURATION = Number(process.env.DURATION ?? 10);
const API_PORT = 18310;
const BARE_PORT = 18311;
const adminUrl = process.env.BENCH_DATABASE_URL;
const engine = adminUrl ? 'postgresql' : 'pglite';

const requireApi = createRequire(path.join(root, 'api', 'package.json'));

/** RSS in MB of the largest process in the tree under `pid` (the API process under tsx). */
function largestRssMb(pid) {
  const parents = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // exited meanwhile
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i += 1) {
    for (const [child, parent] of parents) if (parent === tree[i]) tree.push(child);
  }
  let largest = 0;
  for (const member of tree) {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${member}/status`, 'utf8'))?.[1] ?? 0);
      largest = Math.max(largest, kb);
    } catch {
      // exited meanwhile
    }
  }
  return Math.round(largest / 1024);
}

/**
 * Requests carry the cookies a browser has after its first call (visitor id and CSRF token), as
 * every call of a visit after the first does; without them each response would mint new ones.
 */
async function browserCookies(url) {
  const response = await fetch(url);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function load(url, pid, headers = {}) {
  let peakMb = 0;
  const sampler = pid ? setInterval(() => (peakMb = Math.max(peakMb, largestRssMb(pid))), 250) : null;
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  if (sampler) clearInterval(sampler);
  return {
    url: url.replace(/^http:\/\/[^/]+/, ''),
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]),
    ),
    errors: result.errors + result.timeouts,
    ...(pid ? { peakRssMb: peakMb } : {}),
  };
}

async function scratchDatabase() {
  if (!adminUrl) return null;
  const pg = requireApi('pg');
  const name = `anketa_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    drop: async () => {
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

const scratch = await scratchDatabase();
const serverEnv = { RATE_LIMIT_FACTOR: '1000', ...(scratch ? { DATABASE_URL: scratch.url } : {}) };
let api;
let bare;
try {
  // First start migrates and seeds the demo data; the copies are added with the server stopped.
  process.stdout.write(`preparing ${PROFILES} profiles on ${engine}… `);
  const started = Date.now();
  const first = await startServer(API_PORT, serverEnv);
  await first.stop();
  const profiles = scratch
    ? await generateInPostgres(scratch.url, PROFILES)
    : await generateInPglite(first.dataDir, PROFILES);
  console.log(`${profiles} profiles in ${((Date.now() - started) / 1000).toFixed(0)} s`);

  // The pages a visitor opens most, and a deep one.
  const listing = (base, page, extra = '') => `${base}/api/model?category=individual${extra}&page=${page}`;

  // The bare route answers with the bytes of the real first page.
  api = await startServer(API_PORT, { ...serverEnv, LISTING_CACHE_MS: '0' }, first.dataDir);
  const pageOne = await (await fetch(listing(api.base, 1))).text();
  const { total, pageCount } = JSON.parse(pageOne);
  if (pageCount < 500) throw new Error(`only ${pageCount} pages of "individual"; raise PROFILES`);
  const payloadFile = path.join(tmpdir(), `bench-listing-page-${process.pid}.json`);
  writeFileSync(payloadFile, pageOne);
  bare = fork(path.join(import.meta.dirname, 'bare-server.mjs'), [String(BARE_PORT), payloadFile]);
  await new Promise((resolve) => bare.once('message', resolve));
  const bareUrl = `http://127.0.0.1:${BARE_PORT}/api/model`;
  await autocannon({ url: bareUrl, connections: 10, duration: 3 });
  const bareRun = await load(bareUrl);

  // Two configurations of the same server: the database read on every request
  // (LISTING_CACHE_MS=0), then the default, where a page is shared for up to 2 s.
  const modes = {};
  for (const [mode, cacheMs] of [
    ['database', '0'],
    ['cached', '2000'],
  ]) {
    if (!api) api = await startServer(API_PORT, { ...serverEnv, LISTING_CACHE_MS: cacheMs }, first.dataDir);
    const urls = {
      page1: listing(api.base, 1),
      page500: listing(api.base, 500),
      moscowPage1: listing(api.base, 1, '&city=moscow'),
    };
    const headers = { cookie: await browserCookies(urls.page1) };
    // Warm the server (JIT, the database's caches) before measuring.
    for (const url of Object.values(urls)) await autocannon({ url, connections: 10, duration: 3, headers });
    const runs = {};
    for (const [name, url] of Object.entries(urls)) runs[name] = await load(url, api.child.pid, headers);
    modes[mode] = {
      ...runs,
      ratioPage1ToBare: Number((runs.page1.requestsPerSecond / bareRun.requestsPerSecond).toFixed(3)),
      page500ToPage1P50: Number((runs.page500.p50Ms / Math.max(runs.page1.p50Ms, 1)).toFixed(2)),
      page500ToPage1P99: Number((runs.page500.p99Ms / Math.max(runs.page1.p99Ms, 1)).toFixed(2)),
      peakRssMb: Math.max(...Object.values(runs).map((run) => run.peakRssMb)),
    };
    await api.stop();
    api = undefined;
  }

  const report = {
    date: new Date().toISOString(),
    engine,
    profiles,
    listingTotal: total,
    connections: CONNECTIONS,
    durationSeconds: DURATION,
    responseBytes: Buffer.byteLength(pageOne),
    bare: bareRun,
    ...modes,
  };
  mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(
    path.join(root, 'bench', 'results', `api-listing-${engine}.json`),
    `${JSON.stringify(report, null, 2)}\n`,
  );

  console.log(
    `\nGET /api/model, ${profiles} profiles (${total} individual), ${CONNECTIONS} connections, ${DURATION} s each, ${engine}`,
  );
  console.log('run                                req/s    p50 ms   p99 ms   peak RSS MB   failed');
  const row = (label, run) =>
    console.log(
      `${label.padEnd(34)}${String(run.requestsPerSecond).padStart(6)}${String(run.p50Ms).padStart(10)}${String(run.p99Ms).padStart(9)}${String(run.peakRssMb ?? '-').padStart(14)}${String(run.non2xx + run.errors).padStart(9)}`,
    );
  row('bare Fastify route', bareRun);
  for (const [mode, result] of Object.entries(modes)) {
    row(`${mode}: page 1`, result.page1);
    row(`${mode}: page 500`, result.page500);
    row(`${mode}: Moscow page 1`, result.moscowPage1);
    console.log(
      `  ${mode}: page 1 / bare ${result.ratioPage1ToBare}; page 500 / page 1 latency p50 ${result.page500ToPage1P50}x, p99 ${result.page500ToPage1P99}x`,
    );
  }
} finally {
  if (bare) await stopChild(bare);
  if (api) await api.stop();
  await scratch?.drop();
}

// Load test of GET /api/model with many profiles, beside a bare Fastify route (see README.md).
//   node bench/api-listing/run.mjs                        embedded PGlite (the default set-up)
//   BENCH_DATABASE_URL=postgres://... node bench/...      a real PostgreSQL server (a scratch
//                                                         database is created there and dropped)
// Env: PROFILES (100000), CONNECTIONS (100), DURATION (seconds per run, 10), REPEAT (measures of
// each run, the median by req/s is reported; 1), MODES (database,anchored,cached), RUNS (page1,
// page500,moscowPage1,mix,crawl; also page1Compressed, page 1 with Accept-Encoding: gzip, deflate,
// br, and page1Paired, page 1 and the bare routes loaded at once), SOURCES (1: the API's sources
// under tsx instead of the build, api/dist/server.js): the mix is random filter combinations and
// pages (mix.mjs); the crawl is every connection walking one combination's pages in order, as a
// crawler following "next" links (crawlWalks; CRAWL=categories: only the combinations without a
// city, the deepest).
// "database" reads every page by its number (LISTING_CACHE_MS=0, LISTING_ANCHOR_MS=0), "anchored"
// reads a page after the last card of the page before it when that page was read lately (the
// server's default, LISTING_ANCHOR_MS), and "cached" shares pages for 2 s. Each measure also
// reports the CPU time per request of the API's processes and of the database's PostgreSQL
// backends, which says how much work a request is however busy the machine is.
import { fork } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { scratchDatabase } from '../lib/database.mjs';
import { root, startServer, stopChild } from '../lib/server.mjs';
import { generateInPglite, generateInPostgres } from './generate.mjs';
import { crawlWalks, filterCombinations, requestPaths, seededRandom } from './mix.mjs';

const PROFILES = Number(process.env.PROFILES ?? 100_000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 100);
const DURATION = Number(process.env.DURATION ?? 10);
const REPEAT = Number(process.env.REPEAT ?? 1);
const MODES = (process.env.MODES ?? 'database,anchored,cached').split(',');
const RUNS = (process.env.RUNS ?? 'page1,page500,moscowPage1,mix,crawl').split(',');
/** The crawl's walks: every combination with results (all), or only those without a city (categories). */
const CRAWL = process.env.CRAWL ?? 'all';
/** Request paths of the mix, drawn in advance with a fixed seed and sent in turn. */
const MIX_REQUESTS = 20_000;
const API_PORT = 18310;
const BARE_PORT = 18311;
const adminUrl = process.env.BENCH_DATABASE_URL;
/**
 * The API as deployed (`node api/dist/server.js`, the Dockerfile's command; build it first), as
 * ssr-render runs it; SOURCES=1 runs `api/src/server.ts` under tsx instead, as the bench did until
 * issue 31's eleventh pass (its loader costs a cached answer 4-8 % more CPU, measured paired).
 */
const BUILT = { built: process.env.SOURCES !== '1' };
const engine = adminUrl ? 'postgresql' : 'pglite';

/** `pid` and every process below it (the API process under tsx). */
function processTree(pid) {
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
  return tree;
}

/** CPU time (user + system) a process has used, in ms; 0 once it has exited. */
function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}
/** Linux's USER_HZ: /proc's CPU times are in hundredths of a second. */
const CLOCK_TICKS = 100;

/**
 * CPU time of the API's processes and of the PostgreSQL backends serving the bench's database
 * (their process title names it), in ms, by process. Per request it says how much work a request
 * is, however busy the machine is with other work; throughput alone does not. On PGlite the
 * database runs in the API's process.
 */
function cpuNow(pid, database) {
  const api = new Map(processTree(pid).map((member) => [member, cpuMs(member)]));
  const db = new Map();
  if (database) {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const title = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
        if (title.startsWith('postgres: ') && title.includes(` ${database} `))
          db.set(entry, cpuMs(Number(entry)));
      } catch {
        // exited meanwhile
      }
    }
  }
  return { api, db };
}

/**
 * The CPU time used between two readings of cpuNow, in ms: what each process running at the end
 * used since the first (all of it for one started since). A backend that exited meanwhile (the
 * pool closes idle connections) counts nothing, rather than taking its earlier time off the sum.
 */
function cpuSince(before, after) {
  const used = (start, end) => {
    let ms = 0;
    for (const [process, total] of end) ms += total - (start.get(process) ?? 0);
    return ms;
  };
  return { api: used(before.api, after.api), db: used(before.db, after.db) };
}

/** RSS in MB of the largest process in the tree under `pid` (the API process under tsx). */
function largestRssMb(pid) {
  const tree = processTree(pid);
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

/**
 * Autocannon's options for a list of paths sent in turn (the mix).
 * @param {string} url
 * @param {string[]} paths
 */
function target(url, paths) {
  let next = 0;
  return {
    url,
    requests: [
      {
        setupRequest: (request) => {
          const path = paths[next % paths.length];
          next += 1;
          return { ...request, path };
        },
      },
    ],
  };
}

/**
 * Autocannon's options for a crawl: each connection takes a walk (crawlWalks) and sends its paths
 * in order, one after the other's answer, from its first page again after its last. The walk and
 * the page it starts at are drawn with a fixed seed, as crawlers met mid-walk: over a run the
 * pages read are spread as the mix's are, not bunched at the first ones.
 * @param {string} url
 * @param {string[][]} walks
 */
function crawlTarget(url, walks) {
  const random = seededRandom(29);
  return {
    url,
    requests: [
      {
        setupRequest: (request, context) => {
          if (context.walk === undefined) {
            context.walk = walks[Math.floor(random() * walks.length)];
            context.step = Math.floor(random() * context.walk.length);
          }
          const path = context.walk[context.step % context.walk.length];
          context.step += 1;
          return { ...request, path };
        },
      },
    ],
  };
}

/**
 * What a run sends: its name in the report, and autocannon's options for it, made afresh for each
 * measure (a mix starts at its first path, a crawl draws its walks again).
 * @typedef {{ label: string, options: () => import('autocannon').Options }} Sent
 */

/** @type {{ url: (url: string) => Sent, mix: (base: string, paths: string[]) => Sent, crawl: (base: string, walks: string[][]) => Sent }} */
const sent = {
  url: (url) => ({ label: url.replace(/^http:\/\/[^/]+/, ''), options: () => ({ url }) }),
  mix: (base, paths) => ({
    label: `${paths.length} paths of the random mix`,
    options: () => target(base, paths),
  }),
  crawl: (base, walks) => ({
    label: `a crawl of ${walks.length} walks`,
    options: () => crawlTarget(base, walks),
  }),
};

/**
 * @param {Sent} run
 * @param {number | undefined} pid
 * @param {Record<string, string>} headers
 */
async function measure(run, pid, headers = {}) {
  let peakMb = 0;
  const sampler = pid ? setInterval(() => (peakMb = Math.max(peakMb, largestRssMb(pid))), 250) : null;
  const before = pid ? cpuNow(pid, scratch?.name) : null;
  const result = await autocannon({
    ...run.options(),
    connections: CONNECTIONS,
    duration: DURATION,
    headers,
  });
  const after = pid ? cpuNow(pid, scratch?.name) : null;
  if (sampler) clearInterval(sampler);
  const perRequest = (ms) => Math.round((ms * 1000) / Math.max(result.requests.total, 1));
  return {
    url: run.label,
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]),
    ),
    errors: result.errors + result.timeouts,
    ...(pid ? { peakRssMb: peakMb } : {}),
    ...(before && after
      ? {
          apiCpuUsPerRequest: perRequest(cpuSince(before, after).api),
          ...(scratch ? { dbCpuUsPerRequest: perRequest(cpuSince(before, after).db) } : {}),
        }
      : {}),
  };
}

/**
 * REPEAT measures of one run; the median by requests per second, with every measure's figures.
 * @param {Sent} run
 * @param {number | undefined} [pid]
 * @param {Record<string, string>} [headers]
 */
async function load(run, pid = undefined, headers = {}) {
  const measures = [];
  for (let i = 0; i < REPEAT; i += 1) measures.push(await measure(run, pid, headers));
  const sorted = [...measures].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const median = /** @type {Awaited<ReturnType<typeof measure>>} */ (
    sorted[Math.floor((sorted.length - 1) / 2)]
  );
  if (REPEAT === 1) return median;
  return {
    ...median,
    measures: measures.map(({ requestsPerSecond, p50Ms, p99Ms, apiCpuUsPerRequest, dbCpuUsPerRequest }) => ({
      requestsPerSecond,
      p50Ms,
      p99Ms,
      apiCpuUsPerRequest,
      dbCpuUsPerRequest,
    })),
  };
}

/** The headers of the API's answer that the bare route does not send (its own and Node's aside). */
const OWN_HEADERS = new Set([
  'connection',
  'content-encoding',
  'content-length',
  'content-type',
  'date',
  'keep-alive',
  'vary',
]);

/**
 * Page 1 and the bare route loaded at the same moment, REPEAT times (not a default run): each
 * measure's figures are taken under the same load from the rest of the machine, so their ratio
 * holds on a machine whose speed drifts between runs (on a shared VM the sequential runs' ratio
 * moves by ±10 % from one run to the next). A second bare route also sends the API's other
 * headers (the security headers, the request id), so the three figures split a cached answer's
 * cost into any route's, its headers' and the listing's own. The figure to compare is the CPU time
 * per request: the three share the cores, so each serves a fraction of the sequential runs' req/s.
 */
async function paired(url, headers, payloadFile) {
  // As autocannon asks: no compression.
  const answer = await fetch(url, { headers: { ...headers, 'accept-encoding': 'identity' } });
  const extra = Object.fromEntries([...answer.headers].filter(([name]) => !OWN_HEADERS.has(name)));
  const headersFile = `${payloadFile}.headers.json`;
  writeFileSync(headersFile, JSON.stringify(extra));
  const dressed = fork(path.join(import.meta.dirname, 'bare-server.mjs'), [
    String(BARE_PORT + 1),
    payloadFile,
    headersFile,
  ]);
  try {
    await new Promise((resolve) => dressed.once('message', resolve));
    // Warmed as the others were: its first measure would otherwise count its compiler's work.
    await autocannon({ url: `http://127.0.0.1:${BARE_PORT + 1}/api/model`, connections: 10, duration: 3 });
    const targets = [
      { name: 'api', url, headers, pid: api.child.pid, database: scratch?.name },
      { name: 'bare', url: `http://127.0.0.1:${BARE_PORT}/api/model`, headers: {}, pid: bare.pid },
      {
        name: 'bareWithHeaders',
        url: `http://127.0.0.1:${BARE_PORT + 1}/api/model`,
        headers: {},
        pid: dressed.pid,
      },
    ];
    const measures = [];
    for (let i = 0; i < REPEAT; i += 1) {
      const before = targets.map((target) => cpuNow(target.pid, target.database));
      const results = await Promise.all(
        targets.map((target) =>
          autocannon({
            url: target.url,
            headers: target.headers,
            connections: CONNECTIONS,
            duration: DURATION,
          }),
        ),
      );
      const after = targets.map((target) => cpuNow(target.pid, target.database));
      measures.push(
        Object.fromEntries(
          targets.map((target, n) => {
            const total = Math.max(results[n]?.requests.total ?? 0, 1);
            return [
              target.name,
              {
                requestsPerSecond: Math.round(results[n]?.requests.average ?? 0),
                apiCpuUsPerRequest: Math.round((cpuSince(before[n], after[n]).api * 1000) / total),
                non2xx: results[n]?.non2xx ?? 0,
              },
            ];
          }),
        ),
      );
    }
    const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
    const cpuRatio = (of) =>
      Number(median(measures.map((m) => m[of].apiCpuUsPerRequest / m.api.apiCpuUsPerRequest)).toFixed(3));
    return {
      headersBesideTheBare: Object.keys(extra),
      measures,
      // The bare route's CPU per request over the API's: the share of a cached answer's work that
      // is any Fastify route's.
      bareCpuToApi: cpuRatio('bare'),
      bareWithHeadersCpuToApi: cpuRatio('bareWithHeaders'),
      requestsToBare: Number(
        median(measures.map((m) => m.api.requestsPerSecond / Math.max(m.bare.requestsPerSecond, 1))).toFixed(
          3,
        ),
      ),
    };
  } finally {
    await stopChild(dressed);
    rmSync(headersFile, { force: true });
  }
}

/** Page counts of every filter combination of the mix, from the API itself. */
async function mixPageCounts(base, headers) {
  const counts = new Map();
  /** @type {string[]} */
  const queue = filterCombinations();
  const worker = async () => {
    for (let query = queue.shift(); query !== undefined; query = queue.shift()) {
      const response = await fetch(`${base}/api/model?${query}`, { headers });
      if (!response.ok) throw new Error(`${query}: HTTP ${response.status}`);
      counts.set(query, (await response.json()).pageCount);
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));
  return counts;
}

const scratch = adminUrl ? await scratchDatabase(adminUrl, 'anketa_bench') : null;
const serverEnv = { RATE_LIMIT_FACTOR: '1000', ...(scratch ? { DATABASE_URL: scratch.url } : {}) };
let api;
let bare;
/** The server's data folder (the embedded database, ~0.6 GB at 100 000 profiles), removed at the end. */
let dataDir;
/** The bare route's page (the real first page's bytes), removed at the end. */
let payloadFile;
try {
  // First start migrates and seeds the demo data; the copies are added with the server stopped.
  process.stdout.write(`preparing ${PROFILES} profiles on ${engine}… `);
  const started = Date.now();
  // A production start seeds no demo profiles: the test environment does.
  const first = await startServer(API_PORT, { ...serverEnv, NODE_ENV: 'test' }, undefined, BUILT);
  dataDir = first.dataDir;
  await first.stop();
  const profiles = scratch
    ? await generateInPostgres(scratch.url, PROFILES)
    : await generateInPglite(first.dataDir, PROFILES);
  console.log(`${profiles} profiles in ${((Date.now() - started) / 1000).toFixed(0)} s`);

  // The pages a visitor opens most, and a deep one.
  const listing = (base, page, extra = '') => `${base}/api/model?category=individual${extra}&page=${page}`;

  // The bare route answers with the bytes of the real first page.
  api = await startServer(
    API_PORT,
    { ...serverEnv, LISTING_CACHE_MS: '0', LISTING_ANCHOR_MS: '0' },
    first.dataDir,
    BUILT,
  );
  const pageOne = await (await fetch(listing(api.base, 1))).text();
  const { total, pageCount } = JSON.parse(pageOne);
  if (pageCount < 500) throw new Error(`only ${pageCount} pages of "individual"; raise PROFILES`);
  payloadFile = path.join(tmpdir(), `bench-listing-page-${process.pid}.json`);
  writeFileSync(payloadFile, pageOne);
  bare = fork(path.join(import.meta.dirname, 'bare-server.mjs'), [String(BARE_PORT), payloadFile]);
  await new Promise((resolve) => bare.once('message', resolve));
  const bareUrl = `http://127.0.0.1:${BARE_PORT}/api/model`;
  await autocannon({ url: bareUrl, connections: 10, duration: 3 });
  // With its CPU a request: where the load generator shares the cores (it does here), a cheap
  // answer's req/s is bounded by the generator's own work, and only the CPU says which costs more.
  const bareRun = await load(sent.url(bareUrl), bare.pid);

  // The mix: every combination's page count, then the request paths drawn with a fixed seed.
  const mixHeaders = { cookie: await browserCookies(listing(api.base, 1)) };
  const pageCounts = await mixPageCounts(api.base, mixHeaders);
  const mixPaths = requestPaths(pageCounts, MIX_REQUESTS);
  const mixPages = mixPaths.map((entry) => Number(/page=(\d+)/.exec(entry)?.[1]));
  if (CRAWL !== 'all' && CRAWL !== 'categories')
    throw new Error(`CRAWL is all or categories, not "${CRAWL}"`);
  const walks = crawlWalks(
    CRAWL === 'all' ? pageCounts : new Map([...pageCounts].filter(([query]) => !query.includes('city='))),
  );

  // Three configurations of the same server: every page read by its number (LISTING_CACHE_MS=0,
  // LISTING_ANCHOR_MS=0); a page read after the page before it when that was read lately (the
  // anchors on, the cache off; only the runs that read pages after others); then the default, where
  // a page is also shared for up to 2 s.
  const modes = {};
  /** @type {[string, string, string, string[]][]} */
  const configurations = [
    ['database', '0', '0', RUNS.filter((run) => run !== 'page1Paired')],
    ['anchored', '0', '60000', RUNS.filter((run) => run === 'mix' || run === 'crawl')],
    ['cached', '2000', '60000', RUNS.filter((run) => run !== 'crawl')],
  ];
  for (const [mode, cacheMs, anchorMs, modeRuns] of configurations) {
    if (!MODES.includes(mode) || modeRuns.length === 0) continue;
    // The server that read page 1 and the mix's page counts runs with both off: it serves the
    // first configuration only if that is the database one.
    if (api && (cacheMs !== '0' || anchorMs !== '0')) {
      await api.stop();
      api = undefined;
    }
    if (!api) {
      api = await startServer(
        API_PORT,
        { ...serverEnv, LISTING_CACHE_MS: cacheMs, LISTING_ANCHOR_MS: anchorMs },
        first.dataDir,
        BUILT,
      );
    }
    const urls = {
      page1: listing(api.base, 1),
      page500: listing(api.base, 500),
      moscowPage1: listing(api.base, 1, '&city=moscow'),
    };
    const headers = { cookie: await browserCookies(urls.page1) };
    // Warm the server (JIT, the database's caches) before measuring.
    for (const url of Object.values(urls)) await autocannon({ url, connections: 10, duration: 3, headers });
    await autocannon({ ...target(api.base, mixPaths), connections: 10, duration: 3, headers });
    if (modeRuns.includes('crawl')) {
      await autocannon({ ...crawlTarget(api.base, walks), connections: 10, duration: 3, headers });
    }
    const runs = {};
    for (const [name, url] of Object.entries(urls)) {
      if (modeRuns.includes(name)) runs[name] = await load(sent.url(url), api.child.pid, headers);
    }
    if (modeRuns.includes('mix')) runs.mix = await load(sent.mix(api.base, mixPaths), api.child.pid, headers);
    if (modeRuns.includes('crawl'))
      runs.crawl = await load(sent.crawl(api.base, walks), api.child.pid, headers);
    if (modeRuns.includes('page1Paired')) runs.page1Paired = await paired(urls.page1, headers, payloadFile);
    // Page 1 as a browser or a crawler asks for it, accepting compressed answers (not a default run).
    if (modeRuns.includes('page1Compressed')) {
      runs.page1Compressed = await load(sent.url(urls.page1), api.child.pid, {
        ...headers,
        'accept-encoding': 'gzip, deflate, br',
      });
    }
    const ratio = (a, b) => (a && b ? Number((a / Math.max(b, 1)).toFixed(3)) : undefined);
    modes[mode] = {
      ...runs,
      ratioPage1ToBare: ratio(runs.page1?.requestsPerSecond, bareRun.requestsPerSecond),
      // The bare route's CPU a request over page 1's (1 would be as cheap as the bare route).
      cpuBareToPage1: ratio(bareRun.apiCpuUsPerRequest, runs.page1?.apiCpuUsPerRequest),
      page500ToPage1P50: ratio(runs.page500?.p50Ms, runs.page1?.p50Ms),
      page500ToPage1P99: ratio(runs.page500?.p99Ms, runs.page1?.p99Ms),
      peakRssMb: Math.max(
        ...Object.values(runs).map((run) => ('peakRssMb' in run ? (run.peakRssMb ?? 0) : 0)),
      ),
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
    repeat: REPEAT,
    mix: {
      combinations: pageCounts.size,
      withResults: [...pageCounts.values()].filter((pages) => pages > 0).length,
      requests: mixPaths.length,
      meanPage: Number((mixPages.reduce((sum, page) => sum + page, 0) / mixPages.length).toFixed(1)),
      pagesOver100: mixPages.filter((page) => page > 100).length,
    },
    crawl: {
      of: CRAWL,
      walks: walks.length,
      pages: walks.reduce((sum, walk) => sum + walk.length, 0),
    },
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
  console.log(
    'run                                req/s    p50 ms   p99 ms   peak RSS MB   failed   API µs/req   DB µs/req',
  );
  const row = (label, run) =>
    console.log(
      `${label.padEnd(34)}${String(run.requestsPerSecond).padStart(6)}${String(run.p50Ms).padStart(10)}${String(run.p99Ms).padStart(9)}${String(run.peakRssMb ?? '-').padStart(14)}${String(run.non2xx + run.errors).padStart(9)}${String(run.apiCpuUsPerRequest ?? '-').padStart(13)}${String(run.dbCpuUsPerRequest ?? '-').padStart(12)}`,
    );
  row('bare Fastify route', bareRun);
  const labels = {
    page1: 'page 1',
    page500: 'page 500',
    moscowPage1: 'Moscow page 1',
    mix: 'random mix',
    crawl: 'crawl (walks in order)',
    page1Compressed: 'page 1, br accepted',
  };
  for (const [mode, result] of Object.entries(modes)) {
    for (const [name, label] of Object.entries(labels))
      if (result[name]) row(`${mode}: ${label}`, result[name]);
    const pair = result.page1Paired;
    if (pair) {
      for (const measure of pair.measures) {
        console.log(
          `  ${mode}: page 1 paired: ${Object.entries(measure)
            .map(([name, m]) => `${name} ${m.requestsPerSecond} req/s ${m.apiCpuUsPerRequest} µs`)
            .join(' | ')}`,
        );
      }
      console.log(
        `  ${mode}: page 1 paired: CPU a request, bare / API ${pair.bareCpuToApi}, bare with the API's ${pair.headersBesideTheBare.length} other headers / API ${pair.bareWithHeadersCpuToApi}; req/s API / bare ${pair.requestsToBare}`,
      );
    }
    if (result.page1) {
      console.log(
        `  ${mode}: page 1 / bare ${result.ratioPage1ToBare} by req/s; CPU a request, bare / page 1 ${result.cpuBareToPage1}`,
      );
    }
    if (result.page1 && result.page500) {
      console.log(
        `  ${mode}: page 500 / page 1 latency p50 ${result.page500ToPage1P50}x, p99 ${result.page500ToPage1P99}x`,
      );
    }
  }
} finally {
  if (bare) await stopChild(bare);
  if (api) await api.stop();
  await scratch?.drop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (payloadFile) rmSync(payloadFile, { force: true });
}

// Server rendering with every cache off (issue 31): the production build (`node api/dist/server.js`,
// NODE_ENV=production, LISTING_CACHE_MS=0, which turns off the listing cache and the rendered-page
// cache, and LISTING_ANCHOR_MS=0, so every listing page is read by its number) on a database of
// PROFILES profiles, HTML compressed as a crawler or a browser asks for it (gzip, deflate, br):
// `/`, filtered listing pages and profile pages, each a load of its own; throughput, latency, the API
// process's RSS and the CPU a page costs (the API process's, PostgreSQL's). Then `/` with the
// default page cache (2 s), and on request a soak run (RSS minute by minute). Beside them, two
// recrawls: the three kinds of page in turn, each request naming the page's ETag (If-None-Match) or
// its date (If-Modified-Since) as a crawler coming back does, answered 304 while the page is the
// same. See README.md.
//   node bench/ssr-render/run.mjs                         embedded PGlite
//   BENCH_DATABASE_URL=postgres://… node bench/…          PostgreSQL (a scratch database, dropped at
//                                                         the end) and PGlite beside it
// Env: ENGINES (postgresql,pglite: those available), PROFILES (100000), CONNECTIONS (10), DURATION
// (seconds per run, 10), REPEAT (runs per load, the median by req/s is reported; 3), WARMUP (seconds
// before each load, 3), LOADS (home,listing,profile,recrawl,recrawl-date,cached), LISTING_PAGES (300), PROFILE_PAGES
// (3000), SOAK_MINUTES (0: no soak), SOAK_SAMPLE_SECONDS (60), ACCEPT_ENCODING ("gzip, deflate, br",
// as Googlebot and Chromium send it; "br" measures a client that takes brotli only).
import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { prepareDatabase } from '../lib/database.mjs';
import { watchProcess } from '../lib/process-stats.mjs';
import { builtApi, root, startServer } from '../lib/server.mjs';
import { listingPaths, MAX_LISTING_PAGE, profilePaths } from './pages.mjs';

/** @param {string} name @param {number} fallback */
function numberEnv(name, fallback) {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name} must be a number, not "${process.env[name]}"`);
  return value;
}

const PROFILES = numberEnv('PROFILES', 100_000);
const CONNECTIONS = numberEnv('CONNECTIONS', 10);
const DURATION = numberEnv('DURATION', 10);
const REPEAT = Math.max(1, numberEnv('REPEAT', 3));
const WARMUP = numberEnv('WARMUP', 3);
const LISTING_PAGES = numberEnv('LISTING_PAGES', 300);
const PROFILE_PAGES = numberEnv('PROFILE_PAGES', 3000);
const SOAK_MINUTES = numberEnv('SOAK_MINUTES', 0);
/** The soak's sampling period: a minute (shorter only to try the soak out). */
const SOAK_SAMPLE_SECONDS = Math.max(1, numberEnv('SOAK_SAMPLE_SECONDS', 60));
const LOADS = (process.env.LOADS ?? 'home,listing,profile,recrawl,recrawl-date,cached')
  .split(',')
  .filter(Boolean);
const adminUrl = process.env.BENCH_DATABASE_URL || undefined;
const ENGINES = /** @type {('postgresql' | 'pglite')[]} */ (
  (process.env.ENGINES ?? (adminUrl ? 'postgresql,pglite' : 'pglite')).split(',').filter(Boolean)
);
for (const engine of ENGINES) {
  if (engine !== 'postgresql' && engine !== 'pglite') throw new Error(`unknown engine "${engine}"`);
  if (engine === 'postgresql' && !adminUrl) throw new Error('ENGINES=postgresql needs BENCH_DATABASE_URL');
}
for (const load of LOADS) {
  if (!['home', 'listing', 'profile', 'recrawl', 'recrawl-date', 'cached'].includes(load))
    throw new Error(`unknown load "${load}"`);
}
/** Ports: the seeding start, the server with the caches off, the one with the default page cache. */
const PORTS = { seed: 18360, uncached: 18361, cached: 18362 };
/** As a browser (or a crawler) asks for a page. No cookies: a crawler's visit, or a first one. */
const HEADERS = {
  accept: 'text/html',
  'accept-encoding': process.env.ACCEPT_ENCODING ?? 'gzip, deflate, br',
};
/** Pages of each kind fetched and read before measuring. */
const SANITY_PAGES = 10;
/** Issue 31's bar for the cache-off loads on PostgreSQL. */
const TARGET = { requestsPerSecond: 300, p99Ms: 100, rssMb: 400 };

/** What the process must stop and remove if the run ends early (Ctrl-C) or fails. */
/** @type {(() => Promise<void>)[]} */
const cleanups = [];
async function cleanUp() {
  for (let task = cleanups.pop(); task; task = cleanups.pop()) {
    try {
      await task();
    } catch (error) {
      console.error(`clean-up: ${/** @type {Error} */ (error).message}`);
    }
  }
}
/** @param {() => Promise<void>} task done already: not to be run again at the end */
function forget(task) {
  const index = cleanups.indexOf(task);
  if (index >= 0) cleanups.splice(index, 1);
}
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers and dropping the bench's database…`);
    cleanUp().finally(() => process.exit(130));
  });
}

/**
 * One GET as the load sends it, read raw: status, headers, bytes on the wire and the HTML.
 * @param {string} url
 * @returns {Promise<{ status: number, type: string, encoding: string, wireBytes: number, html: string }>}
 */
function getPage(url) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: HEADERS }, (response) => {
      /** @type {Buffer[]} */
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        const encoding = String(response.headers['content-encoding'] ?? '');
        try {
          const html =
            encoding === 'br' ? brotliDecompressSync(body) : encoding === 'gzip' ? gunzipSync(body) : body;
          resolve({
            status: response.statusCode ?? 0,
            type: String(response.headers['content-type'] ?? ''),
            encoding,
            wireBytes: body.length,
            html: html.toString('utf8'),
          });
        } catch (error) {
          reject(error);
        }
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Fetches SANITY_PAGES of `paths` (spread over the list) and fails unless each answers 200 with
 * compressed HTML (gzip or brotli) rendered on the server (`marker` in it). Returns the mean sizes.
 * @param {string} base
 * @param {string[]} paths
 * @param {string} marker
 */
async function checkPages(base, paths, marker) {
  const step = Math.max(1, Math.floor(paths.length / SANITY_PAGES));
  const checked = paths.filter((_, index) => index % step === 0).slice(0, SANITY_PAGES);
  let wireBytes = 0;
  let htmlBytes = 0;
  /** @type {Set<string>} */
  const encodings = new Set();
  /** @type {Record<string, number>} */
  const markers = {};
  for (const pagePath of checked) {
    const page = await getPage(`${base}${pagePath}`);
    const problem =
      page.status !== 200
        ? `HTTP ${page.status}`
        : !page.type.startsWith('text/html')
          ? `content-type ${page.type}`
          : page.encoding !== 'br' && page.encoding !== 'gzip'
            ? `content-encoding "${page.encoding}", not gzip or br`
            : !page.html.includes(marker)
              ? `no ${marker} in the HTML: not rendered on the server`
              : null;
    if (problem) throw new Error(`sanity check: GET ${pagePath}: ${problem}\n${page.html.slice(0, 600)}`);
    wireBytes += page.wireBytes;
    htmlBytes += Buffer.byteLength(page.html);
    encodings.add(page.encoding);
    markers[pagePath] = page.html.split(marker).length - 1;
  }
  return {
    checked: checked.length,
    marker,
    encoding: [...encodings].join(' '),
    meanWireBytes: Math.round(wireBytes / checked.length),
    meanHtmlBytes: Math.round(htmlBytes / checked.length),
    markersPerPage: Math.min(...Object.values(markers)),
  };
}

/**
 * Autocannon's target: one path, or a list of paths sent in turn from `cursor.next` on (each
 * request the next path, across connections; the cursor carries on from one run to the next, so
 * a run does not replay the pages its warm-up has just read). With `tags`, each request names what
 * its page was sent with (If-None-Match or If-Modified-Since), as a crawler coming back does.
 * @param {string} base
 * @param {string[]} paths
 * @param {{ next: number }} cursor
 * @param {Map<string, Record<string, string>>} [tags]
 */
function target(base, paths, cursor, tags) {
  if (paths.length === 1 && !tags) return { url: `${base}${paths[0]}` };
  return {
    url: base,
    requests: [
      {
        setupRequest: (/** @type {Record<string, unknown>} */ req) => {
          const next = /** @type {string} */ (paths[cursor.next % paths.length]);
          cursor.next += 1;
          if (!tags) return { ...req, path: next };
          const headers = { ...HEADERS, ...tags.get(next) };
          return { ...req, path: next, headers };
        },
      },
    ],
  };
}

/**
 * What each page's first crawl was given, as a crawler names it coming back: its ETag
 * (If-None-Match, as Google's crawler and browsers do) or its date (If-Modified-Since, as Yandex's
 * does). Fails unless every page has one and answers 304 when it is named (the recrawl measures
 * 304s, not pages that changed meanwhile).
 * @param {string} base
 * @param {string[]} paths
 * @param {'etag' | 'last-modified'} validator
 */
async function pageTags(base, paths, validator) {
  const header = validator === 'etag' ? 'if-none-match' : 'if-modified-since';
  /** @type {Map<string, Record<string, string>>} */
  const tags = new Map();
  for (const pagePath of paths) {
    if (tags.has(pagePath)) continue;
    const first = await fetch(`${base}${pagePath}`, { headers: HEADERS });
    await first.arrayBuffer();
    const tag = first.headers.get(validator);
    if (first.status !== 200 || !tag)
      throw new Error(`recrawl: GET ${pagePath}: HTTP ${first.status}, ${validator} ${tag}`);
    const named = { [header]: tag };
    const again = await fetch(`${base}${pagePath}`, { headers: { ...HEADERS, ...named } });
    await again.arrayBuffer();
    if (again.status !== 304)
      throw new Error(`recrawl: GET ${pagePath} naming its ${validator}: HTTP ${again.status}, not 304`);
    tags.set(pagePath, named);
  }
  return tags;
}

/** Heap used by the API process in MB, from its /metrics (loopback may read it); null if absent. */
async function heapUsedMb(base) {
  try {
    const response = await fetch(`${base}/metrics`);
    if (!response.ok) return null;
    const bytes = /^nodejs_heap_size_used_bytes (\d+(?:\.\d+)?)/m.exec(await response.text())?.[1];
    return bytes ? Math.round(Number(bytes) / 1024 / 1024) : null;
  } catch {
    return null;
  }
}

const round = (value, digits = 2) => (value === null ? null : Number(value.toFixed(digits)));

/**
 * @typedef {{ base: string, pid: number, database: string | undefined, postgres: boolean }} Server
 * @typedef {Awaited<ReturnType<typeof measure>>} Measure
 */

/**
 * One run of `seconds` against `paths`, watching the API process and PostgreSQL.
 * @param {Server} server
 * @param {string[]} paths
 * @param {{ next: number }} cursor
 * @param {number} seconds
 * @param {Map<string, Record<string, string>>} [tags] what each page was sent with, named in each request
 */
async function measure(server, paths, cursor, seconds, tags) {
  const watch = watchProcess(server.pid, { database: server.database, postgres: server.postgres });
  const result = await autocannon({
    ...target(server.base, paths, cursor, tags),
    connections: CONNECTIONS,
    duration: seconds,
    headers: HEADERS,
  });
  const stats = watch.stop();
  const requests = Number(result.requests.total);
  const perPage = (/** @type {number | null} */ ms) =>
    ms === null ? null : round(ms / Math.max(requests, 1));
  return {
    requestsPerSecond: Math.round(result.requests.average),
    requests,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    non2xx: result.non2xx,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]),
    ),
    // Autocannon counts a timeout as an error too: `timeouts` is the share of `errors` that timed out.
    errors: result.errors,
    timeouts: result.timeouts,
    peakRssMb: stats.peakRssMb,
    endRssMb: stats.endRssMb,
    heapUsedMb: await heapUsedMb(server.base),
    apiCpuMsPerPage: perPage(stats.apiCpuMs),
    postgresCpuMsPerPage: perPage(stats.postgresCpuMs),
    postgresAllCpuMsPerPage: perPage(stats.postgresAllCpuMs),
  };
}

/**
 * A load: WARMUP seconds, then REPEAT runs of DURATION seconds; the median run by req/s, with every
 * run's figures.
 * @param {Server} server
 * @param {string} name
 * @param {string[]} paths
 * @param {Map<string, Record<string, string>>} [tags] what each page was sent with, named in each request (a recrawl)
 */
async function load(server, name, paths, tags) {
  process.stdout.write(`  ${name}… `);
  const cursor = { next: 0 };
  if (WARMUP > 0) await measure(server, paths, cursor, WARMUP, tags);
  /** @type {Measure[]} */
  const runs = [];
  for (let i = 0; i < REPEAT; i += 1) runs.push(await measure(server, paths, cursor, DURATION, tags));
  const sorted = [...runs].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  const median = /** @type {Measure} */ (sorted[Math.floor((sorted.length - 1) / 2)]);
  console.log(runs.map((run) => `${run.requestsPerSecond} req/s`).join(', '));
  return {
    name,
    distinctPages: paths.length,
    ...median,
    medianRun: runs.indexOf(median) + 1,
    runs: runs.map((run, index) => ({ run: index + 1, ...run })),
  };
}

/**
 * The three kinds of page in turn: `/`, a listing page, a profile page, …
 * @param {string[]} listing
 * @param {string[]} profiles
 */
function inTurn(listing, profiles) {
  /** @type {string[]} */
  const mixed = [];
  for (let i = 0; i < Math.max(listing.length, profiles.length); i += 1) {
    mixed.push(
      '/',
      /** @type {string} */ (listing[i % listing.length]),
      /** @type {string} */ (profiles[i % profiles.length]),
    );
  }
  return mixed;
}

/**
 * The soak: the three kinds of page in turn (`/`, a listing page, a profile page, …) for
 * SOAK_MINUTES, one minute (SOAK_SAMPLE_SECONDS) at a time, back to back, recording each minute's
 * RSS (at its end and its peak), heap used, req/s, latency and CPU per page. Growth is the last
 * minute's RSS minus the second's (the first one warms up).
 * @param {Server} server
 * @param {string[]} listing
 * @param {string[]} profiles
 */
async function soak(server, listing, profiles) {
  const mixed = inTurn(listing, profiles);
  const samples = Math.max(1, Math.round((SOAK_MINUTES * 60) / SOAK_SAMPLE_SECONDS));
  const cursor = { next: 0 };
  /** @type {(Measure & { minute: number, endSeconds: number })[]} */
  const minutes = [];
  for (let minute = 1; minute <= samples; minute += 1) {
    const run = await measure(server, mixed, cursor, SOAK_SAMPLE_SECONDS);
    minutes.push({ minute, endSeconds: minute * SOAK_SAMPLE_SECONDS, ...run });
    console.log(
      `  soak ${minute}/${samples}: ${run.requestsPerSecond} req/s, p99 ${run.p99Ms} ms, RSS ${run.endRssMb} MB (peak ${run.peakRssMb}), heap ${run.heapUsedMb ?? '-'} MB, non-2xx ${run.non2xx}, errors ${run.errors}`,
    );
  }
  const second = minutes[1];
  const last = minutes[minutes.length - 1];
  return {
    minutes: SOAK_MINUTES,
    sampleSeconds: SOAK_SAMPLE_SECONDS,
    connections: CONNECTIONS,
    distinctPages: mixed.length,
    rssGrowthMb: second && last ? last.endRssMb - second.endRssMb : null,
    heapGrowthMb:
      second?.heapUsedMb != null && last?.heapUsedMb != null ? last.heapUsedMb - second.heapUsedMb : null,
    peakRssMb: Math.max(...minutes.map((run) => run.peakRssMb)),
    requests: minutes.reduce((sum, run) => sum + run.requests, 0),
    non2xx: minutes.reduce((sum, run) => sum + run.non2xx, 0),
    errors: minutes.reduce((sum, run) => sum + run.errors, 0),
    perMinute: minutes,
  };
}

/**
 * Starts the production build on the bench's database.
 * @param {import('../lib/database.mjs').BenchDatabase} db
 * @param {number} port
 * @param {string | undefined} listingCacheMs undefined: the server's default
 * @returns {Promise<Server & { stop: () => Promise<void> }>}
 */
async function startBuilt(db, port, listingCacheMs) {
  const server = await startServer(
    port,
    {
      ...db.env,
      NODE_ENV: 'production',
      RATE_LIMIT_FACTOR: '1000',
      LISTING_CACHE_MS: listingCacheMs,
      // With the caches off, every listing page is read by its number, not after the page before it.
      LISTING_ANCHOR_MS: listingCacheMs === '0' ? '0' : undefined,
    },
    db.dataDir,
    { built: true },
  );
  const stop = () => server.stop();
  cleanups.push(stop);
  return {
    base: server.base,
    pid: /** @type {number} */ (server.child.pid),
    database: db.databaseName,
    postgres: db.engine === 'postgresql',
    stop: async () => {
      forget(stop);
      await stop();
    },
  };
}

/** The commit checked out (the build may be of uncommitted changes beside it). */
function gitHead() {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

/** @param {'postgresql' | 'pglite'} engine */
async function benchEngine(engine) {
  const started = Date.now();
  const loadAverageAtStart = os.loadavg().map((value) => round(value));
  process.stdout.write(`${engine}: preparing ${PROFILES} profiles… `);
  const db = await prepareDatabase({
    engine,
    adminUrl,
    profiles: PROFILES,
    port: PORTS.seed,
    prefix: 'anketa_ssr_bench',
    built: true,
  });
  cleanups.push(db.drop);
  console.log(`${db.profiles} profiles in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  try {
    const server = await startBuilt(db, PORTS.uncached, '0');
    /** @type {Record<string, Awaited<ReturnType<typeof load>>>} */
    const results = {};
    let pages;
    /** @type {Awaited<ReturnType<typeof soak>> | null} */
    let soakReport = null;
    /** @type {Awaited<ReturnType<typeof load>> | null} */
    let recrawl = null;
    /** @type {Awaited<ReturnType<typeof load>> | null} */
    let recrawlByDate = null;
    try {
      process.stdout.write('  drawing the pages… ');
      const listing = await listingPaths(server.base, LISTING_PAGES);
      const profiles = await profilePaths(server.base, PROFILE_PAGES);
      console.log(
        `${listing.paths.length} listing pages (${listing.filtersWithResults} of ${listing.filters} filters have results), ${profiles.paths.length} of ${profiles.visible} visible profiles`,
      );
      const sanity = {
        home: await checkPages(server.base, ['/'], 'data-testid="model-card"'),
        listing: await checkPages(server.base, listing.paths, 'data-testid="model-card"'),
        profile: await checkPages(server.base, profiles.paths, 'data-testid="model-page"'),
      };
      pages = {
        listing: {
          distinct: listing.paths.length,
          filters: listing.filters,
          filtersWithResults: listing.filtersWithResults,
          cities: listing.cities,
          maxPage: MAX_LISTING_PAGE,
          first: listing.paths.slice(0, 5),
        },
        profile: { distinct: profiles.paths.length, visibleProfiles: profiles.visible },
        sanity,
      };
      if (LOADS.includes('home')) results.home = await load(server, 'GET / (caches off)', ['/']);
      if (LOADS.includes('listing'))
        results.listing = await load(server, 'listing pages (caches off)', listing.paths);
      if (LOADS.includes('profile'))
        results.profile = await load(server, 'profile pages (caches off)', profiles.paths);
      if (LOADS.includes('recrawl')) {
        // As many of each kind as there are listing pages: each page's tag is read first.
        const pagesInTurn = inTurn(listing.paths, profiles.paths.slice(0, listing.paths.length));
        const tags = await pageTags(server.base, pagesInTurn, 'etag');
        recrawl = await load(server, 'recrawl, If-None-Match (caches off)', pagesInTurn, tags);
      }
      if (LOADS.includes('recrawl-date')) {
        const pagesInTurn = inTurn(listing.paths, profiles.paths.slice(0, listing.paths.length));
        const dates = await pageTags(server.base, pagesInTurn, 'last-modified');
        recrawlByDate = await load(server, 'recrawl, If-Modified-Since (caches off)', pagesInTurn, dates);
      }
      if (SOAK_MINUTES > 0) soakReport = await soak(server, listing.paths, profiles.paths);
    } finally {
      await server.stop();
    }
    /** @type {Record<string, Awaited<ReturnType<typeof load>>>} */
    const cached = {};
    if (LOADS.includes('cached')) {
      // Beside it, the default: rendered guest pages shared for 2 s (LISTING_CACHE_MS unset).
      const withCache = await startBuilt(db, PORTS.cached, undefined);
      try {
        await checkPages(withCache.base, ['/'], 'data-testid="model-card"');
        cached.home = await load(withCache, 'GET / (page cache 2 s, the default)', ['/']);
      } finally {
        await withCache.stop();
      }
    }
    const uncached = Object.values(results);
    const report = {
      date: new Date().toISOString(),
      engine,
      profiles: db.profiles,
      connections: CONNECTIONS,
      durationSeconds: DURATION,
      warmupSeconds: WARMUP,
      repeat: REPEAT,
      node: process.version,
      machine: {
        cpus: os.cpus().length,
        loadAverageAtStart,
        loadAverageAtEnd: os.loadavg().map((value) => round(value)),
      },
      server: {
        command: 'node api/dist/server.js',
        // Which build was measured: the commit checked out and when api/dist was written.
        commit: gitHead(),
        builtAt: statSync(builtApi).mtime.toISOString(),
        env: {
          NODE_ENV: 'production',
          LISTING_CACHE_MS: '0',
          LISTING_ANCHOR_MS: '0',
          RATE_LIMIT_FACTOR: '1000',
        },
      },
      requestHeaders: HEADERS,
      pages,
      results,
      // Not rendering: 304s to requests naming each page's ETag, or its date (not part of issue 31's bar).
      recrawl,
      recrawlByDate,
      cached,
      soak: soakReport,
      issue31: {
        target: TARGET,
        met:
          uncached.length === 3 &&
          uncached.every(
            (run) =>
              run.requestsPerSecond >= TARGET.requestsPerSecond &&
              run.p99Ms <= TARGET.p99Ms &&
              run.peakRssMb <= TARGET.rssMb &&
              run.non2xx + run.errors === 0,
          ),
        soakPeakRssMb: soakReport?.peakRssMb ?? null,
        soakRssGrowthMb: soakReport?.rssGrowthMb ?? null,
      },
    };
    mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
    const file = path.join(root, 'bench', 'results', `ssr-render-${engine}.json`);
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    return { report, file };
  } finally {
    forget(db.drop);
    await db.drop();
  }
}

/** @param {Awaited<ReturnType<typeof benchEngine>>['report']} report */
function printReport(report) {
  console.log(
    `\nserver rendering, ${report.engine}, ${report.profiles} profiles, ${report.connections} connections, ${report.durationSeconds} s x ${report.repeat} (median by req/s), ${report.node}`,
  );
  const header = [
    'load'.padEnd(38),
    'req/s'.padStart(6),
    'p50 ms'.padStart(8),
    'p99 ms'.padStart(8),
    'non-2xx'.padStart(9),
    'errors'.padStart(8),
    'peak RSS MB'.padStart(13),
    'end RSS MB'.padStart(12),
    'API CPU ms/page'.padStart(17),
    'PG CPU ms/page'.padStart(16),
  ];
  console.log(header.join(''));
  const cell = (value, width) => String(value ?? '-').padStart(width);
  const loads = [
    ...Object.values(report.results),
    ...(report.recrawl ? [report.recrawl] : []),
    ...(report.recrawlByDate ? [report.recrawlByDate] : []),
  ];
  for (const run of [...loads, ...Object.values(report.cached)]) {
    console.log(
      [
        run.name.padEnd(38),
        cell(run.requestsPerSecond, 6),
        cell(run.p50Ms, 8),
        cell(run.p99Ms, 8),
        cell(run.non2xx, 9),
        cell(run.errors, 8),
        cell(run.peakRssMb, 13),
        cell(run.endRssMb, 12),
        cell(run.apiCpuMsPerPage, 17),
        cell(run.postgresCpuMsPerPage, 16),
      ].join(''),
    );
    if (run.runs.length > 1) {
      const each = run.runs.map((r) => `${r.requestsPerSecond} req/s p99 ${r.p99Ms} ms`).join('; ');
      console.log(`${''.padEnd(4)}runs: ${each}`);
    }
  }
  if (report.soak) {
    const { soak: s } = report;
    console.log(
      `soak ${s.minutes} min (mixed, ${s.requests} pages, non-2xx ${s.non2xx}, errors ${s.errors}): RSS every ${s.sampleSeconds} s ${s.perMinute.map((m) => m.endRssMb).join(', ')} MB; growth (last - 2nd) ${s.rssGrowthMb ?? '-'} MB; peak ${s.peakRssMb} MB`,
    );
  }
  const sizes = report.pages?.sanity;
  if (sizes) {
    console.log(
      `page sizes (${sizes.home.encoding} / HTML bytes): / ${sizes.home.meanWireBytes} / ${sizes.home.meanHtmlBytes}, listing ${sizes.listing.meanWireBytes} / ${sizes.listing.meanHtmlBytes}, profile ${sizes.profile.meanWireBytes} / ${sizes.profile.meanHtmlBytes}`,
    );
  }
  console.log(
    `issue 31 (>= ${TARGET.requestsPerSecond} req/s, p99 <= ${TARGET.p99Ms} ms, RSS <= ${TARGET.rssMb} MB, no failures, for all three loads): ${report.issue31.met ? 'met' : 'not met'}`,
  );
}

try {
  const reports = [];
  for (const engine of ENGINES) {
    const { report, file } = await benchEngine(engine);
    console.log(`  written to ${path.relative(root, file)}`);
    reports.push(report);
  }
  for (const report of reports) printReport(report);
} catch (error) {
  await cleanUp();
  throw error;
}

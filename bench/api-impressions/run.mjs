// Load test of POST /api/ads/impressions (see README.md): impressions recorded per second with
// 100 connections, p99, and the proof that the database counted exactly the accepted ones.
//   node bench/api-impressions/run.mjs        embedded PGlite (the default set-up)
//   BENCH_DATABASE_URL=postgres://… node …    a PostgreSQL server (its database is migrated and
//                                             written to: use a throwaway one)
// Env: VISITORS (distinct visitors, 3000), CONNECTIONS (100). Every visitor sends one impression
// and every tenth a second one within the hour: a fixed number of requests, all answered before
// the database is read, so the comparison is exact.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import autocannon from 'autocannon';
import { root, startServer } from '../lib/server.mjs';

const VISITORS = Number(process.env.VISITORS ?? 3_000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 100);
const PORT = 18700;
const BROWSER_UA =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

const requireApi = createRequire(path.join(root, 'api', 'package.json'));
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? '';
const ENGINE = DATABASE_URL ? 'postgres' : 'pglite';
const serverEnv = { RATE_LIMIT_FACTOR: '1000', DATABASE_URL };

/** The bench's own queries, on the database the server uses: PGlite's folder or the server's URL. */
async function openDatabase(dataDir) {
  if (DATABASE_URL) {
    const pg = requireApi('pg');
    const client = new pg.Client({ connectionString: DATABASE_URL });
    await client.connect();
    return { query: (text, values) => client.query(text, values), close: () => client.end() };
  }
  const { PGlite } = await import(requireApi.resolve('@electric-sql/pglite'));
  return new PGlite(dataDir);
}

/** Today in Moscow, the ads' day. */
const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Moscow' }).format(new Date());

/** One published campaign on the main page, with far more impressions bought than a run can count. */
async function addCampaign(dataDir) {
  const db = await openDatabase(dataDir);
  // A server database outlives a run: each run's advertiser is new.
  const [{ id: accountId }] = (
    await db.query(
      `insert into accounts (email, password_hash, account_type) values ($1, 'x', 'advister') returning id`,
      [`bench-ads-${Date.now()}@example.test`],
    )
  ).rows;
  const approved = {
    format: 'text',
    heading: 'Bench taxi',
    description: 'Rides around the clock',
    link: 'https://example.com/taxi',
    buttonText: 'Order a ride',
    image: null,
  };
  const [{ id }] = (
    await db.query(
      `insert into campaigns (account_id, status, format, heading, description, link, button_text, placement,
         pricing, impressions, starts_on, ends_on, approved, submitted_at, published_at)
       values ($1, 'published', 'text', 'Bench taxi', 'Rides around the clock', 'https://example.com/taxi',
         'Order a ride', 'main', 'impressions', 999999, $2, $2, $3, now(), now()) returning id`,
      [accountId, today, JSON.stringify(approved)],
    )
  ).rows;
  await db.query(`insert into ad_bookings (campaign_id, key, day) values ($1, 'main', $2)`, [id, today]);
  await db.close();
  return id;
}

async function countsOf(dataDir, id) {
  const db = await openDatabase(dataDir);
  const [row] = (
    await db.query(
      `select (select impressions_served from campaigns where id = $1) as served,
              (select count(*)::int from ad_events where campaign_id = $1 and kind = 'impression') as events,
              (select coalesce(sum(impressions), 0)::int from ad_stats_daily where campaign_id = $1) as daily`,
      [id],
    )
  ).rows;
  await db.close();
  return row;
}

/** A visitor: its cookies (visitor id, CSRF) and the token of the ad it was served. */
async function newVisitor(base) {
  const response = await fetch(`${base}/api/ads?place=main`, { headers: { 'user-agent': BROWSER_UA } });
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '');
  const csrf = cookies.find((cookie) => cookie.startsWith('csrf'))?.split('=')[1];
  const { ads } = await response.json();
  if (!ads[0] || !csrf) throw new Error('the bench campaign is not served');
  return { cookie: cookies.join('; '), csrf, token: ads[0].token };
}

let api;
try {
  process.stdout.write('preparing… ');
  const first = await startServer(PORT, serverEnv);
  await first.stop();
  const campaignId = await addCampaign(first.dataDir);
  api = await startServer(PORT, serverEnv, first.dataDir);

  const visitors = [];
  for (let i = 0; i < VISITORS; i += 50) {
    visitors.push(
      ...(await Promise.all(Array.from({ length: Math.min(50, VISITORS - i) }, () => newVisitor(api.base)))),
    );
  }
  console.log(`${visitors.length} visitors served the ad`);

  // Each request is the next visitor's impression; past the last visitor the pool starts over, so
  // the repeats (same visitor, same hour) are accepted with 204 and must not be counted again.
  const REQUESTS = visitors.length + Math.floor(visitors.length / 10);
  let next = 0;
  const answered = new Set();
  let repeats = 0;
  const result = await autocannon({
    url: `${api.base}/api/ads/impressions`,
    connections: CONNECTIONS,
    amount: REQUESTS,
    requests: [
      {
        method: 'POST',
        setupRequest: (request, context) => {
          const index = next++ % visitors.length;
          const visitor = visitors[index];
          context.index = index;
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              'user-agent': BROWSER_UA,
              cookie: visitor.cookie,
              'x-csrf-token': visitor.csrf,
            },
            body: JSON.stringify({ token: visitor.token }),
          };
        },
        onResponse: (status, _body, context) => {
          if (status !== 204) return;
          if (answered.has(context.index)) repeats += 1;
          else answered.add(context.index);
        },
      },
    ],
  });
  await api.stop();
  api = undefined;
  const counts = await countsOf(first.dataDir, campaignId);

  const report = {
    date: new Date().toISOString(),
    engine: ENGINE,
    connections: CONNECTIONS,
    durationSeconds: result.duration,
    visitors: visitors.length,
    requestsPerSecond: Math.round(result.requests.average),
    requests: result.requests.total,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    acceptedDistinctVisitors: answered.size,
    acceptedRepeats: repeats,
    database: counts,
    countsMatch:
      counts.served === answered.size && counts.events === answered.size && counts.daily === answered.size,
  };
  mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  writeFileSync(
    path.join(root, 'bench', 'results', `api-impressions-${ENGINE}.json`),
    `${JSON.stringify(report, null, 2)}\n`,
  );
  console.log(
    `\nPOST /api/ads/impressions, ${CONNECTIONS} connections, ${result.requests.total} requests in ${result.duration} s, ${ENGINE}\n` +
      `req/s ${report.requestsPerSecond}  p50 ${report.p50Ms} ms  p99 ${report.p99Ms} ms  non-2xx ${report.non2xx}  errors ${report.errors}\n` +
      `accepted: ${answered.size} first impressions + ${repeats} repeats within the hour\n` +
      `database: impressions_served ${counts.served}, events ${counts.events}, daily ${counts.daily} -> ${report.countsMatch ? 'MATCH' : 'MISMATCH'}`,
  );
  if (!report.countsMatch) process.exitCode = 1;
} finally {
  if (api) await api.stop();
}

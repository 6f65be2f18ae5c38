// Load through two API instances (one PostgreSQL database, one Redis) beside one instance alone
// (issue 29, see README.md). The balancer is two autocannon runs at once, half the connections on
// each instance: what a round-robin balancer does, without a proxy process taking a share of the
// two cores.
//   BENCH_DATABASE_URL=postgres://... node bench/instances/run.mjs
// Needs PostgreSQL (two processes cannot share an embedded database), `redis-server` and the built
// apps (`npm run build`). Env: PROFILES (10000), CONNECTIONS (100), DURATION (seconds, 10).
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import autocannon from 'autocannon';
import { generateInPostgres } from '../api-listing/generate.mjs';
import { root, startServer } from '../lib/server.mjs';

const PROFILES = Number(process.env.PROFILES ?? 10_000);
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 100);
const DURATION = Number(process.env.DURATION ?? 10);
const PORTS = [18320, 18321];
const REDIS_PORT = 18329;
const adminUrl = process.env.BENCH_DATABASE_URL;
if (!adminUrl) {
  console.error('BENCH_DATABASE_URL is required: two instances share one PostgreSQL database');
  process.exit(2);
}

const requireApi = createRequire(path.join(root, 'api', 'package.json'));
const pg = requireApi('pg');

async function adminQuery(text) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A Redis of its own, nothing saved; resolves once it answers. */
async function startRedis() {
  const child = spawn('redis-server', ['--port', String(REDIS_PORT), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const { Redis } = requireApi('ioredis');
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const client = new Redis({ port: REDIS_PORT, lazyConnect: true, retryStrategy: () => null });
    try {
      await client.connect();
      await client.ping();
      client.disconnect();
      return child;
    } catch {
      client.disconnect();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  child.kill('SIGKILL');
  throw new Error('redis-server did not start');
}

/** Requests carry a browser's cookies after its first call, as every later call of a visit does. */
async function browserCookies(base) {
  const response = await fetch(`${base}/api/auth/session`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

/** One autocannon run per base at once, the connections split between them; figures summed. */
async function load(bases, pathname, headers) {
  const results = await Promise.all(
    bases.map((base) =>
      autocannon({
        url: `${base}${pathname}`,
        connections: Math.round(CONNECTIONS / bases.length),
        duration: DURATION,
        headers,
      }),
    ),
  );
  return {
    path: pathname,
    instances: bases.length,
    requestsPerSecond: Math.round(results.reduce((sum, result) => sum + result.requests.average, 0)),
    // The slower instance's latency: what a visitor sent there waits.
    p50Ms: Math.max(...results.map((result) => result.latency.p50)),
    p99Ms: Math.max(...results.map((result) => result.latency.p99)),
    non2xx: results.reduce((sum, result) => sum + result.non2xx, 0),
    errors: results.reduce((sum, result) => sum + result.errors + result.timeouts, 0),
  };
}

const name = `anketa_instances_${process.pid}`;
await adminQuery(`create database ${name}`);
const url = new URL(adminUrl);
url.pathname = `/${name}`;
const redis = await startRedis();
const servers = [];
try {
  const env = {
    DATABASE_URL: url.href,
    REDIS_URL: `redis://127.0.0.1:${REDIS_PORT}`,
    RATE_LIMIT_FACTOR: '1000',
    AUTH_SECRET: 'bench-instances-secret-0123456789abcdef',
  };
  // The first start migrates and seeds the demo data (the test environment's); then the copies.
  const first = await startServer(PORTS[0], { ...env, NODE_ENV: 'test' });
  await first.stop();
  const profiles = await generateInPostgres(url.href, PROFILES);
  console.log(`${profiles} profiles on PostgreSQL`);
  for (const port of PORTS) servers.push(await startServer(port, env));
  const bases = servers.map((server) => server.base);
  const headers = { cookie: await browserCookies(bases[0]) };
  const listing = await (await fetch(`${bases[0]}/api/model?page=1`)).json();
  const profileId = listing.items[0].id;
  const paths = ['/api/model?page=1', '/', `/girl/${profileId}`];
  const rows = [];
  for (const pathname of paths) {
    // Warm both, then one instance alone, then both.
    await load(bases, pathname, headers);
    rows.push(await load([bases[0]], pathname, headers));
    rows.push(await load(bases, pathname, headers));
  }
  console.table(rows);
  const file = path.join(root, 'bench', 'results', 'instances.json');
  writeFileSync(
    file,
    `${JSON.stringify({ at: new Date().toISOString(), profiles, connections: CONNECTIONS, durationSeconds: DURATION, rows }, null, 2)}\n`,
  );
  console.log(`written to ${path.relative(root, file)}`);
} finally {
  for (const server of servers) await server.stop();
  redis.kill('SIGTERM');
  await adminQuery(`drop database if exists ${name} with (force)`);
}

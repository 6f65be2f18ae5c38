// GET /metrics for Prometheus (issue 29): what an operator of several instances watches. Each app
// has its own registry (tests build many apps in one process); most figures are read from the
// state that already exists when Prometheus scrapes, so the modules carry no counting code.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { DEFAULT_METRICS_ALLOW } from '../config';
import { isInProcess } from '../lib/in-process';
import { inNetworks, parseNetworks } from '../lib/networks';
import { defineRoutes, errorResponses, nonJson } from '../lib/route-schema';
import type { PageOutcome } from './ssr/page-renderer';

export type JobOutcome = 'done' | 'failed';

export interface Metrics {
  /** This app's own metrics (the process's are added on /metrics). */
  registry: Registry;
  /** One run of a background job (expiry, campaign completion, webhook retention) and how it ended. */
  jobRun(job: string, outcome: JobOutcome): void;
  /** A page answered by the server renderer: how it was made, and how long a render took. */
  page(outcome: PageOutcome): void;
  /** A page's ads read from the ads cache (hit) or from the database (miss). */
  adsCacheRead(hit: boolean): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

export interface MetricsPluginOptions {
  /** Networks that may read /metrics without the token (METRICS_ALLOW); loopback by default. */
  allow?: string | undefined;
  /** A bearer token that reads /metrics from anywhere (METRICS_TOKEN). */
  token?: string | undefined;
}

export const METRICS_PATH = '/metrics';

/** Seconds; from a cached page (a few ms) to a slow upload. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Seconds; a page rendered on a quiet server takes a few ms, one waiting its turn under a crawler much longer. */
const RENDER_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** What the gateway's webhook answered, by its status (payments/routes.ts documents each). */
const WEBHOOK_OUTCOMES: Record<number, string> = {
  200: 'accepted',
  400: 'invalid',
  401: 'bad_signature',
  404: 'unknown_order',
  409: 'conflict',
  429: 'rate_limited',
};
const WEBHOOK_ROUTE = /^\/api\/payments\/webhooks\/([a-z]+)$/;

/**
 * The process's own figures (CPU, memory, event loop, GC), collected once per process: each
 * collector samples the event loop on a timer of its own that outlives its app, and the test suite
 * builds hundreds of apps in a few processes.
 */
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether the request may read the metrics: the token, or every address it came through inside
 * the allowed networks. Every hop counts, not only the nearest: a balancer on an internal address
 * forwarding a visitor's request must not open the metrics to the Internet (its X-Forwarded-For
 * names the visitor, whom a client can add to but never remove).
 */
function mayRead(
  request: FastifyRequest,
  options: { networks: ReturnType<typeof parseNetworks>; token: Buffer | null },
): boolean {
  const authorization = request.headers.authorization;
  if (options.token && authorization?.startsWith('Bearer ')) {
    // Compared as digests: equal lengths, and no timing tells how much of a guess was right.
    if (timingSafeEqual(digest(authorization.slice('Bearer '.length).trim()), options.token)) return true;
  }
  if (request.headers.forwarded !== undefined) return false;
  const forwarded = request.headers['x-forwarded-for'];
  const hops = [
    request.raw.socket.remoteAddress ?? '',
    ...(Array.isArray(forwarded) ? forwarded : [forwarded ?? ''])
      .flatMap((value) => value.split(','))
      .map((value) => value.trim())
      .filter((value) => value !== ''),
  ];
  return hops.every((address) => inNetworks(options.networks, address));
}

function registerMetrics(fastify: FastifyInstance, registry: Registry) {
  const requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by route pattern, method and status, and how long they took',
    labelNames: ['method', 'route', 'status_code'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const inFlight = new Gauge({
    name: 'http_requests_in_flight',
    help: 'HTTP requests received and not yet answered (a shutdown drains them)',
    registers: [registry],
  });
  const webhooks = new Counter({
    name: 'payment_webhooks_total',
    help: "The payment gateway's webhooks by gateway and outcome",
    labelNames: ['provider', 'outcome'],
    registers: [registry],
  });
  const listingCache = new Counter({
    name: 'listing_cache_requests_total',
    help: 'Listing pages served from the cache (hit) or read from the database (miss)',
    labelNames: ['result'],
    registers: [registry],
  });
  const listingReads = new Counter({
    name: 'listing_database_reads_total',
    help: "Listing pages read from the database, by where the read started: after the last card of a page read lately before it (anchor) or at the page's offset",
    labelNames: ['start'],
    registers: [registry],
  });
  const listingBatches = new Histogram({
    name: 'listing_database_batch_statements',
    help: 'Listing reads in each message to PostgreSQL: 1 for a read alone; more when reads waited for a turn and went together',
    buckets: [1, 2, 4, 8, 16, 32],
    registers: [registry],
  });
  const adsCache = new Counter({
    name: 'ads_cache_requests_total',
    help: "Pages' ads served from the ads cache (hit) or read from the database (miss)",
    labelNames: ['result'],
    registers: [registry],
  });
  const sockets = new Gauge({
    name: 'websocket_connections_open',
    help: 'WebSockets open on this instance by path (/ws/online: presence; /ws/stream: viewers and models)',
    labelNames: ['path'],
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'job_runs_total',
    help: 'Background job runs on this instance by job and outcome (a run that found another instance holding the job lock is done)',
    labelNames: ['job', 'outcome'],
    registers: [registry],
  });
  const pages = new Counter({
    name: 'ssr_pages_total',
    help:
      'Pages answered by the server renderer, by the remote owning them and how they were made: cache (a shared copy), ' +
      'rendered, rerendered (through the stream: a part could not be written in place), area_in_browser (without ' +
      "the remote's server code), failed (the browser renders the page), not_modified (a 304: the copy the request " +
      'named by its ETag or its date is the page as it would be rendered now; its data read, no render)',
    labelNames: ['remote', 'result'],
    registers: [registry],
  });
  const renders = new Histogram({
    name: 'ssr_render_duration_seconds',
    help: "Pages rendered on the server by the remote owning them: from the request's turn to the page's bytes (reads, render; not compression or sending)",
    labelNames: ['remote'],
    buckets: RENDER_BUCKETS,
    registers: [registry],
  });
  new Gauge({
    name: 'db_pool_connections',
    help: 'PostgreSQL pool connections by state: total, idle, waiting (clients waiting for one); none on PGlite',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const pool = fastify.dbPool;
      if (!pool) return;
      this.set({ state: 'total' }, pool.totalCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'streams_live',
    help: 'Live streams on the site (all instances: read from the database)',
    registers: [registry],
    async collect() {
      try {
        this.set(await fastify.streams.count());
      } catch (error) {
        fastify.log.warn({ err: error }, 'metrics: could not count the live streams');
      }
    },
  });

  new Gauge({
    name: 'stream_viewers',
    help: "Viewers of the listed live streams (the live strip's, up to STREAMS_LIVE_MAX), summed; every instance's with a shared store",
    registers: [registry],
    async collect() {
      try {
        const { items } = await fastify.streams.onAir({}, 'ru');
        this.set(items.reduce((sum, stream) => sum + stream.viewers, 0));
      } catch (error) {
        fastify.log.warn({ err: error }, 'metrics: could not count the stream viewers');
      }
    },
  });

  // A server-rendered page's own reads are not requests to this server: the page's is counted.
  fastify.addHook('onRequest', async (request, reply) => {
    if (isInProcess(request)) return;
    inFlight.inc();
    // The response's close comes once, whether it was sent, failed or the client went away.
    reply.raw.once('close', () => inFlight.dec());
  });
  fastify.addHook('onResponse', async (request, reply) => {
    if (isInProcess(request)) return;
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    requestDuration.observe(
      { method: request.method, route, status_code: String(status) },
      reply.elapsedTime / 1000,
    );
    const webhook = WEBHOOK_ROUTE.exec(route);
    if (webhook && request.method === 'POST') {
      webhooks.inc({ provider: webhook[1], outcome: WEBHOOK_OUTCOMES[status] ?? 'error' });
    }
  });

  // Counted where the socket is accepted and closed, whichever module serves the path.
  fastify.websocketServer.on('connection', (socket, request) => {
    const path = (request.url ?? '').split('?')[0] ?? '';
    sockets.inc({ path });
    socket.once('close', () => sockets.dec({ path }));
  });

  // A page served without reading it came from the cache (or joined a read under way).
  fastify.listingCache.onRead((hit) => listingCache.inc({ result: hit ? 'hit' : 'miss' }));
  // A page read from the database started after a page read lately before it, or skipped its offset.
  fastify.listingAnchors.onFind((found) => listingReads.inc({ start: found ? 'anchor' : 'offset' }));
  // How many listing reads went to PostgreSQL in one message (none on PGlite: it has no batches).
  fastify.listingBatches.onBatch((statements) => listingBatches.observe(statements));

  return {
    jobRun: (job: string, outcome: JobOutcome) => jobRuns.inc({ job, outcome }),
    adsCacheRead: (hit: boolean) => adsCache.inc({ result: hit ? 'hit' : 'miss' }),
    page: ({ remote, result, seconds }: PageOutcome) => {
      const owner = remote ?? 'none';
      pages.inc({ remote: owner, result });
      if (seconds !== undefined) renders.observe({ remote: owner }, seconds);
    },
  };
}

/**
 * Registered after the database, the listing cache and the streams, before the routes (its hook
 * times every route registered after it).
 */
export const metricsPlugin = fp<MetricsPluginOptions>(
  async (fastify, options) => {
    const registry = new Registry();
    const { jobRun, page, adsCacheRead } = registerMetrics(fastify, registry);
    fastify.decorate('metrics', { registry, jobRun, page, adsCacheRead });

    const access = {
      networks: parseNetworks(options.allow ?? DEFAULT_METRICS_ALLOW),
      token: options.token ? digest(options.token) : null,
    };
    await fastify.register(
      defineRoutes(async (routes) => {
        routes.get(
          METRICS_PATH,
          {
            config: { rateLimit: false },
            schema: {
              summary:
                'Metrics for Prometheus (text format): requests, pool, caches, sockets, streams, jobs, webhooks',
              description:
                "For operators, not the site's clients: answered to METRICS_ALLOW's networks (loopback by default; " +
                'every X-Forwarded-For hop must be inside too) or with `Authorization: Bearer <METRICS_TOKEN>`.',
              tags: ['operations'],
              response: {
                200: nonJson('The Prometheus text exposition format 0.0.4'),
                ...errorResponses({
                  404: 'NOT_FOUND: from elsewhere and without the token, as any unknown path',
                }),
              },
            },
          },
          async (request, reply) => {
            // Anyone else is told there is nothing here, as for any unknown path.
            if (!mayRead(request, access)) return reply.callNotFound();
            reply.header('content-type', registry.contentType).header('cache-control', 'no-store');
            return Registry.merge([processMetrics(), registry]).metrics();
          },
        );
      }),
    );
  },
  {
    name: 'metrics',
    dependencies: ['@fastify/websocket', 'db', 'listing-cache', 'streams'],
  },
);

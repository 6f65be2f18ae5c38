import { LISTING_PAGE_SIZE } from 'contracts';
import { describe, expect, it } from 'vitest';
import { readOperationsConfig } from '../config';
import { testAppForFile } from '../testing/create-test-app';
import { closeWebSocket, eventually, openWebSocket } from '../testing/websocket-client';
import { createAgent } from '../testing/agent';
import { createCity, createProfile } from '../testing/builders';
import { seriesValue } from '../testing/metrics';
import { createFakeMedia } from '../modules/streams/testing/fake-media';
import {
  connectStream,
  cookieOf,
  modelWithListedProfile,
  streamQuery,
} from '../modules/streams/testing/stream-client';

const TOKEN = 'a-metrics-token-of-some-length';
const t = testAppForFile({
  metrics: { allow: '127.0.0.0/8, ::1/128, 10.0.0.0/8', token: TOKEN },
  listingCacheMs: 60_000,
  listingAnchorMs: 60_000,
});

async function scrape(): Promise<string> {
  const response = await t.app.inject({ url: '/metrics' });
  expect(response.statusCode).toBe(200);
  return response.body;
}

describe('GET /metrics', () => {
  it('answers the Prometheus text format with the process metrics to a caller on loopback', async () => {
    const response = await t.app.inject({ url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/plain; version=0.0.4');
    expect(response.body).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(response.body).toContain('# TYPE http_request_duration_seconds histogram');
  });

  it('is a 404 like any unknown path from outside the allowed networks, and through a balancer for an outsider', async () => {
    const unknown = await t.app.inject({ url: '/no-such-path', remoteAddress: '203.0.113.9' });
    const outside = await t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(outside.statusCode).toBe(404);
    expect(outside.headers['content-type']).toBe(unknown.headers['content-type']);
    expect(outside.body).not.toContain('process_cpu');
    // The balancer is inside 10.0.0.0/8, the visitor it forwards is not.
    const forwarded = await t.app.inject({
      url: '/metrics',
      remoteAddress: '10.1.2.3',
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(forwarded.statusCode).toBe(404);
    const internal = await t.app.inject({
      url: '/metrics',
      remoteAddress: '10.1.2.3',
      headers: { 'x-forwarded-for': '10.9.9.9' },
    });
    expect(internal.statusCode).toBe(200);
    const mapped = await t.app.inject({ url: '/metrics', remoteAddress: '::ffff:10.4.5.6' });
    expect(mapped.statusCode).toBe(200);
  });

  it('answers anyone with the bearer token, and nobody with another', async () => {
    const withToken = await t.app.inject({
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toContain('http_request_duration_seconds_bucket');
    const wrong = await t.app.inject({
      url: '/metrics',
      remoteAddress: '203.0.113.9',
      headers: { authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.statusCode).toBe(404);
  });

  it('counts requests by route pattern and status, never by the raw URL', async () => {
    for (const id of [987_001, 987_002]) {
      expect((await t.app.inject({ url: `/api/model/${id}` })).statusCode).toBe(404);
    }
    await t.app.inject({ url: '/api/cities' });
    const text = await scrape();
    expect(
      seriesValue(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/model/:id",status_code="404"}',
      ),
    ).toBe(2);
    expect(
      seriesValue(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/cities",status_code="200"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain('987001');
    expect(
      seriesValue(
        text,
        'http_request_duration_seconds_bucket{le="10",method="GET",route="/api/model/:id",status_code="404"}',
      ),
    ).toBe(2);
  });

  it('counts listing cache hits and misses', async () => {
    const before = await scrape();
    const hits = seriesValue(before, 'listing_cache_requests_total{result="hit"}') ?? 0;
    const misses = seriesValue(before, 'listing_cache_requests_total{result="miss"}') ?? 0;
    // A query no other test asks: one read, then two pages from the cache.
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject({ url: '/api/model?page=7' })).statusCode).toBe(200);
    }
    const after = await scrape();
    expect(seriesValue(after, 'listing_cache_requests_total{result="miss"}')).toBe(misses + 1);
    expect(seriesValue(after, 'listing_cache_requests_total{result="hit"}')).toBe(hits + 2);
  });

  it('counts listing reads by where they started: a page after the page before it, or at its offset', async () => {
    const city = await createCity(t.db);
    for (let i = 0; i < 2 * LISTING_PAGE_SIZE + 3; i++) await createProfile(t.db, { cityId: city.id });
    const before = await scrape();
    const anchored = seriesValue(before, 'listing_database_reads_total{start="anchor"}') ?? 0;
    const byOffset = seriesValue(before, 'listing_database_reads_total{start="offset"}') ?? 0;
    // This city's page 2 (at its offset), page 1 (at the start), then page 3: from page 2's last card.
    for (const page of [2, 1, 3]) {
      expect((await t.app.inject({ url: `/api/model?city=${city.slug}&page=${page}` })).statusCode).toBe(200);
    }
    const after = await scrape();
    expect(seriesValue(after, 'listing_database_reads_total{start="offset"}')).toBe(byOffset + 2);
    expect(seriesValue(after, 'listing_database_reads_total{start="anchor"}')).toBe(anchored + 1);
  });

  it('counts the listing reads each message to PostgreSQL carries (none on PGlite, which has no batches)', async () => {
    const before = await scrape();
    const messages = seriesValue(before, 'listing_database_batch_statements_count') ?? 0;
    const reads = seriesValue(before, 'listing_database_batch_statements_sum') ?? 0;
    const alone = seriesValue(before, 'listing_database_batch_statements_bucket{le="1"}') ?? 0;
    // Pages no other test asks, one after another: each read alone, in a message of its own.
    for (const page of [41, 42, 43]) {
      expect((await t.app.inject({ url: `/api/model?category=massage&page=${page}` })).statusCode).toBe(200);
    }
    const after = await scrape();
    const sent = t.app.dbKind === 'postgres' ? 3 : 0;
    expect(seriesValue(after, 'listing_database_batch_statements_count') ?? 0).toBe(messages + sent);
    expect(seriesValue(after, 'listing_database_batch_statements_sum') ?? 0).toBe(reads + sent);
    expect(seriesValue(after, 'listing_database_batch_statements_bucket{le="1"}') ?? 0).toBe(alone + sent);
  });

  it('counts job runs by job and outcome, and says how many streams are live', async () => {
    t.app.metrics.jobRun('expiry', 'done');
    t.app.metrics.jobRun('expiry', 'done');
    t.app.metrics.jobRun('expiry', 'failed');
    const text = await scrape();
    expect(seriesValue(text, 'job_runs_total{job="expiry",outcome="done"}')).toBe(2);
    expect(seriesValue(text, 'job_runs_total{job="expiry",outcome="failed"}')).toBe(1);
    expect(seriesValue(text, 'streams_live')).toBe(0);
    expect(seriesValue(text, 'stream_viewers')).toBe(0);
  });

  it('counts server-rendered pages by remote and how they were made, and times the renders', async () => {
    t.app.metrics.page({ remote: 'catalog', result: 'rendered', seconds: 0.004 });
    t.app.metrics.page({ remote: 'catalog', result: 'rendered', seconds: 0.03 });
    t.app.metrics.page({ remote: 'catalog', result: 'cache' });
    t.app.metrics.page({ remote: null, result: 'rendered', seconds: 0.002 });
    const text = await scrape();
    expect(seriesValue(text, 'ssr_pages_total{remote="catalog",result="rendered"}')).toBe(2);
    expect(seriesValue(text, 'ssr_pages_total{remote="catalog",result="cache"}')).toBe(1);
    expect(seriesValue(text, 'ssr_pages_total{remote="none",result="rendered"}')).toBe(1);
    // A cached copy is not a render: two renders of the catalogue's, one of them within 5 ms.
    expect(seriesValue(text, 'ssr_render_duration_seconds_count{remote="catalog"}')).toBe(2);
    expect(seriesValue(text, 'ssr_render_duration_seconds_bucket{le="0.005",remote="catalog"}')).toBe(1);
    expect(seriesValue(text, 'ssr_render_duration_seconds_count{remote="none"}')).toBe(1);
  });

  it("counts the gateway's webhooks by outcome", async () => {
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhooks/sandbox',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ payment_id: 1, payment_status: 'finished', order_id: 'nope' }),
    });
    expect(unsigned.statusCode).toBe(401);
    const text = await scrape();
    expect(seriesValue(text, 'payment_webhooks_total{provider="sandbox",outcome="bad_signature"}')).toBe(1);
    expect(text).not.toContain('outcome="accepted"');
  });

  it("gives the database pool's use on PostgreSQL, and no pool series on PGlite", async () => {
    const text = await scrape();
    if (t.app.dbKind === 'postgres') {
      expect(seriesValue(text, 'db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
      expect(seriesValue(text, 'db_pool_connections{state="waiting"}')).toBe(0);
    } else {
      expect(text).not.toContain('db_pool_connections{');
    }
  });

  it('counts the sockets open by path, down again when they close', async () => {
    const origin = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http://', 'ws://');
    const open = async () =>
      seriesValue(await scrape(), 'websocket_connections_open{path="/ws/online"}') ?? 0;
    const before = await open();
    const sockets = [await openWebSocket(`${origin}/ws/online`), await openWebSocket(`${origin}/ws/online`)];
    await eventually(async () => expect(await open()).toBe(before + 2));
    for (const socket of sockets) await closeWebSocket(socket);
    await eventually(async () => expect(await open()).toBe(before));
  });

  it('is in the OpenAPI document under operations, as every route is', async () => {
    const document = await t.app.inject({ url: '/api/docs/json' });
    expect(document.statusCode).toBe(200);
    expect(JSON.parse(document.body).paths['/metrics'].get.tags).toEqual(['operations']);
  });
});

describe('live streams on /metrics', () => {
  const s = testAppForFile({ streamMedia: createFakeMedia().media });

  it('says how many streams are live and how many viewers watch them', async () => {
    const origin = (await s.app.listen({ port: 0, host: '127.0.0.1' })).replace('http://', 'ws://');
    const read = async (series: string) => {
      const response = await s.app.inject({ url: '/metrics' });
      return seriesValue(response.body, series);
    };
    expect(await read('streams_live')).toBe(0);
    const model = await modelWithListedProfile(s);
    const stream = await model.start();
    const own = await connectStream(origin, streamQuery(stream), { headers: { cookie: model.cookie() } });
    await own.next('welcome');
    const guest = createAgent(s.app);
    await guest.get('/api/health');
    const viewers = [];
    for (let i = 0; i < 2; i++) {
      const viewer = await connectStream(origin, streamQuery(stream), {
        headers: { cookie: cookieOf(guest) },
      });
      await viewer.next('welcome');
      viewers.push(viewer);
    }
    await eventually(async () => {
      expect(await read('streams_live')).toBe(1);
      expect(await read('stream_viewers')).toBe(2);
    });
    for (const client of [own, ...viewers]) await closeWebSocket(client.socket);
  });
});

describe('the operators’ settings', () => {
  it('allows loopback by default, takes networks and addresses, and refuses anything else', () => {
    expect(readOperationsConfig({}, true)).toMatchObject({
      metricsAllow: '127.0.0.0/8, ::1/128',
      metricsToken: undefined,
    });
    expect(
      readOperationsConfig({ METRICS_ALLOW: '10.0.0.0/8, 192.168.1.7, fd00::/8' }, true).metricsAllow,
    ).toBe('10.0.0.0/8, 192.168.1.7, fd00::/8');
    expect(() => readOperationsConfig({ METRICS_ALLOW: '10.0.0.0/33' }, true)).toThrow(/METRICS_ALLOW/);
    expect(() => readOperationsConfig({ METRICS_ALLOW: 'intranet' }, true)).toThrow(/METRICS_ALLOW/);
    expect(() => readOperationsConfig({ METRICS_TOKEN: 'short' }, true)).toThrow(/METRICS_TOKEN/);
  });

  it('refuses the slow test route in production and a shutdown deadline that is not a duration', () => {
    expect(() => readOperationsConfig({ SLOW_TEST_ROUTE_MS: '100' }, true)).toThrow(/refused in production/);
    expect(readOperationsConfig({ SLOW_TEST_ROUTE_MS: '100' }, false).slowTestRouteMs).toBe(100);
    expect(readOperationsConfig({}, true).shutdownTimeoutMs).toBe(25_000);
    expect(() => readOperationsConfig({ SHUTDOWN_TIMEOUT_MS: 'soon' }, true)).toThrow(/SHUTDOWN_TIMEOUT_MS/);
    expect(readOperationsConfig({ SHUTDOWN_DELAY_MS: '5000' }, true).shutdownDelayMs).toBe(5000);
    // The delay is part of the deadline, which must leave time to drain.
    expect(() => readOperationsConfig({ SHUTDOWN_DELAY_MS: '25000' }, true)).toThrow(/SHUTDOWN_DELAY_MS/);
  });
});

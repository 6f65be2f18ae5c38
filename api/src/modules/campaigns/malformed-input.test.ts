import { CAMPAIGN_FIELD_KEYS } from 'contracts/campaigns';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import type { InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  adBookings,
  adEvents,
  adStatsDaily,
  campaignCities,
  campaigns,
  ledgerEntries,
  ledgerTransactions,
} from '../../db/schema';
import { seedPrices } from '../../db/seed-prices';
import { creditBalance } from '../../testing/admin';
import { type Agent, createAgent } from '../../testing/agent';
import { createAccount, createCity } from '../../testing/builders';
import { createTestApp, type TestApp } from '../../testing/create-test-app';

let t: TestApp;
let owner: Agent;
let campaignId = 0;
const routes: RouteOptions[] = [];

beforeAll(async () => {
  t = await createTestApp({ onRoute: (route) => routes.push(route) });
  await seedPrices(t.db);
  const account = await createAccount(t.db, { accountType: 'advister' });
  await creditBalance(t, account.id, 1_000);
  owner = createAgent(t.app);
  await owner.signInAs(account.id);
  const city = await createCity(t.db);
  const created = await owner.post('/api/campaigns', {
    heading: 'Flowers',
    placement: 'cities',
    cities: [city.slug],
  });
  campaignId = created.json<{ id: number }>().id;
  await owner.get('/api/health');
}, 30_000);

afterAll(async () => {
  await t?.close();
});

function send(method: string, url: string, body?: unknown) {
  const headers: Record<string, string> = { 'x-csrf-token': owner.jar.get(t.app.cookieNames.csrf) ?? '' };
  const options: InjectOptions = {
    method: method as InjectOptions['method'],
    url,
    headers,
    cookies: Object.fromEntries(owner.jar),
  };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    options.payload = JSON.stringify(body);
  }
  return t.app.inject(options);
}

async function snapshot() {
  const tables: Record<string, PgTable> = {
    campaigns,
    campaignCities,
    adBookings,
    adEvents,
    adStatsDaily,
    accounts,
    ledgerEntries,
    ledgerTransactions,
  };
  const sums: Record<string, string | undefined> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await t.db
      .select({
        sum: sql<string>`md5(coalesce(string_agg(${table}::text, '|' order by ${table}::text), ''))`,
      })
      .from(table);
    sums[name] = row?.sum;
  }
  return sums;
}

const absentId = fc.oneof(
  // Never `.` or `..`: `/campaigns/./stats` is `/campaigns/stats`, another route, not a bad id.
  fc
    .string({ minLength: 1, maxLength: 12 })
    .filter((text) => !/^[1-9]\d{0,8}$/.test(text) && !text.includes('/') && text !== '.' && text !== '..'),
  fc.integer({ min: -1_000_000, max: 0 }).map(String),
  fc.integer({ min: 100_000_000, max: 999_999_999 }).map(String),
  fc.constantFrom('01', '1e3', '0x10', ' 1', '1.5'),
);

const notAnObject = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.string({ maxLength: 20 }),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
);

const badDraftField = fc.oneof(
  fc.record({ heading: fc.oneof(fc.integer(), fc.constant('h'.repeat(101))) }),
  fc.record({
    buttonText: fc.string({ minLength: 19, maxLength: 30 }).filter((text) => text.trim().length > 18),
  }),
  fc.record({ link: fc.constantFrom('javascript:alert(1)', 'ftp://x.test', 'example.com', 42) }),
  fc.record({ impressions: fc.constantFrom('0123', '0', '1000000', '-5', 'abc', 1.5) }),
  fc.record({ placement: fc.constantFrom('sidebar', 'MAIN', 1) }),
  fc.record({ pricing: fc.constantFrom('clicks', true) }),
  fc.record({ startsOn: fc.constantFrom('2030-02-30', 'tomorrow', '1999-01-01', 20300101) }),
  fc.record({ cities: fc.constantFrom(['Moscow!'], 'moscow', [1], ['a', 'a']) }),
  fc.record({ format: fc.constantFrom('video', 'BANNER', 7) }),
);
const unknownKeys = fc.dictionary(
  fc.string({ maxLength: 8 }).filter((key) => !(CAMPAIGN_FIELD_KEYS as readonly string[]).includes(key)),
  fc.jsonValue({ maxDepth: 1 }),
  { maxKeys: 3 },
);
const badDraftBody = fc.oneof(
  notAnObject,
  fc.tuple(unknownKeys, badDraftField).map(([noise, bad]) => ({ ...noise, ...bad })),
);

const badQueries: Record<string, fc.Arbitrary<string>> = {
  '/api/campaigns': fc.constantFrom('tab=archived', 'page=0', 'page=abc', 'tab=', 'page=1.5'),
  '/api/campaigns/quote': fc.constantFrom(
    '',
    'placement=main',
    'placement=roof&pricing=days&startsOn=2030-01-01&endsOn=2030-01-05',
    'placement=main&pricing=days&startsOn=2030-02-30&endsOn=2030-03-05',
    'placement=cities&pricing=days&startsOn=2999-01-01&endsOn=2999-01-05',
    'placement=main&pricing=impressions&impressions=0123&startsOn=2030-01-01&endsOn=2030-01-05',
  ),
  '/api/campaigns/calendar': fc.constantFrom(
    '',
    'placement=main&month=2030-13',
    'placement=cities&month=2030-05',
    'month=2030-05',
  ),
  '/api/campaigns/stats': fc.constantFrom('days=0', 'days=91', 'days=x'),
  '/api/campaigns/:id/stats': fc.constantFrom('days=0', 'days=91', 'days=x'),
  '/api/ads': fc.constantFrom('', 'place=side', 'place=city', 'place=city&city=Moscow!'),
};

const badTokenBody = fc.oneof(
  notAnObject,
  fc.record({
    token: fc.oneof(
      fc.constant(''),
      fc.integer(),
      fc.string({ minLength: 257, maxLength: 300 }),
      fc.constant('a b'),
    ),
  }),
);

const isOurs = (route: RouteOptions) =>
  route.url.startsWith('/api/campaigns') || route.url.startsWith('/api/ads');

describe('malformed input to /api/campaigns and /api/ads', () => {
  it('gets a 4xx and changes nothing, whatever the ids, bodies and queries', async () => {
    const list = routes
      .filter(isOurs)
      .flatMap((route) =>
        (Array.isArray(route.method) ? route.method : [route.method])
          .filter((method) => method !== 'HEAD')
          .map((method) => ({ method, url: route.url, hasBody: Boolean(route.schema?.body) })),
      );
    expect(list.length).toBeGreaterThanOrEqual(16);
    const before = await snapshot();
    const refused = (status: number, where: string) => {
      expect(status, where).toBeGreaterThanOrEqual(400);
      expect(status, where).toBeLessThan(500);
    };
    for (const route of list) {
      if (route.url.includes(':id')) {
        await fc.assert(
          fc.asyncProperty(absentId, async (id) => {
            const url = route.url.replace(':id', encodeURIComponent(id));
            const response = await send(route.method, url, route.hasBody ? {} : undefined);
            refused(response.statusCode, `${route.method} ${url}`);
          }),
          { numRuns: 15 },
        );
      }
      if (route.url.includes(':token')) {
        await fc.assert(
          fc.asyncProperty(fc.string({ minLength: 1, maxLength: 40 }), async (token) => {
            const url = route.url.replace(':token', encodeURIComponent(token));
            refused((await send(route.method, url)).statusCode, `${route.method} ${url}`);
          }),
          { numRuns: 15 },
        );
      }
      if (route.hasBody) {
        const body = route.url === '/api/ads/impressions' ? badTokenBody : badDraftBody;
        await fc.assert(
          fc.asyncProperty(body, async (payload) => {
            const url = route.url.replace(':id', String(campaignId));
            refused(
              (await send(route.method, url, payload)).statusCode,
              `${route.method} ${url} ${JSON.stringify(payload)}`,
            );
          }),
          { numRuns: 25 },
        );
      }
      const queries = badQueries[route.url];
      if (queries && route.method === 'GET') {
        await fc.assert(
          fc.asyncProperty(queries, async (query) => {
            const url = `${route.url.replace(':id', String(campaignId))}?${query}`;
            refused((await send('GET', url)).statusCode, url);
          }),
          { numRuns: 10 },
        );
      }
    }
    expect(await snapshot()).toEqual(before);
  }, 120_000);

  it('answers a bad multipart upload with a 4xx and changes nothing', async () => {
    const before = await snapshot();
    const response = await send('POST', `/api/campaigns/${campaignId}/image`, { file: 'not multipart' });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(await snapshot()).toEqual(before);
  });
});

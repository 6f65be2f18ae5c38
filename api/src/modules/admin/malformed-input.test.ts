import {
  ADMIN_ACTIONS,
  ADMIN_TARGET_TYPES,
  CATEGORIES,
  PAYMENT_ORDER_STATUSES,
  PROFILE_FIELD_KEYS,
} from 'contracts';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import type { InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedPrices } from '../../db/seed-prices';
import {
  accounts,
  adminActions,
  complaints,
  ledgerEntries,
  ledgerTransactions,
  liveStreams,
  media,
  moderationClaims,
  modelProfiles,
  notifications,
  paymentOrders,
  priceItems,
  promoCodes,
  siteSettings,
} from '../../db/schema';
import { sentProfile, signedInAdmin, signedInModel } from '../../testing/admin';
import type { Agent } from '../../testing/agent';
import { createCity, createProfile } from '../../testing/builders';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { ensureClassicMassage } from '../../testing/profiles';
import { scaledRateLimits } from '../auth/rate-limits';

// The account routes (modules/auth) and the site-data routes (modules/site-data) have property
// tests of their own; this one covers the administration's routes and a model's /api/profiles.
let t: TestApp;
let admin: Agent;
let model: Agent;
/** A profile of `model`, waiting for moderation; the only ids that exist are small. */
let ownProfileId = 0;
let otherProfileId = 0;
let modelAccountId = 0;
const routes: RouteOptions[] = [];

beforeAll(async () => {
  t = await createTestApp({
    rateLimits: scaledRateLimits(10_000),
    onRoute: (route) => routes.push(route),
  });
  await seedPrices(t.db);
  await ensureClassicMassage(t.db);
  admin = (await signedInAdmin(t)).agent;
  const owner = await signedInModel(t);
  model = owner.agent;
  modelAccountId = owner.account.id;
  ownProfileId = await sentProfile(t, model, (await createCity(t.db)).slug);
  otherProfileId = (await createProfile(t.db)).id;
  // The CSRF cookie of each session, for the raw requests below.
  await admin.get('/api/health');
  await model.get('/api/health');
}, 30_000);

afterAll(async () => {
  await t?.close();
});

/** A request with a body sent as exactly this JSON (the agent would turn null into {}). */
function send(agent: Agent, method: string, url: string, body?: unknown) {
  const headers: Record<string, string> = { 'x-csrf-token': agent.jar.get(t.app.cookieNames.csrf) ?? '' };
  const options: InjectOptions = {
    method: method as InjectOptions['method'],
    url,
    headers,
    cookies: Object.fromEntries(agent.jar),
  };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    options.payload = JSON.stringify(body);
  }
  return t.app.inject(options);
}

function expectRefused(response: { statusCode: number }, where: string) {
  expect(response.statusCode, where).toBeGreaterThanOrEqual(400);
  expect(response.statusCode, where).toBeLessThan(500);
}

/** A checksum of every row of each table an administrator or a model could change. */
async function snapshot() {
  const tables: Record<string, PgTable> = {
    modelProfiles,
    adminActions,
    ledgerEntries,
    ledgerTransactions,
    accounts,
    complaints,
    notifications,
    media,
    liveStreams,
    moderationClaims,
    promoCodes,
    priceItems,
    siteSettings,
    paymentOrders,
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

/**
 * Ids no row has: not positive integers of at most 9 digits (400), or 9-digit ones far above
 * every id this database holds (404). Never an id the tests' changes could reach.
 */
const absentId = fc.oneof(
  // Never empty, `.` or `..`: `/profiles/`, `/profiles/.` (the same address) and `/profiles/..`
  // are other routes, not a bad id.
  fc
    .string({ minLength: 1, maxLength: 12 })
    .filter((text) => !/^[1-9]\d{0,8}$/.test(text) && text !== '.' && text !== '..'),
  fc.integer({ min: -1_000_000, max: 0 }).map(String),
  fc.integer({ min: 100_000_000, max: 999_999_999 }).map(String),
  fc.integer({ min: 1_000_000_000, max: Number.MAX_SAFE_INTEGER }).map(String),
  fc.double({ noInteger: true, noDefaultInfinity: true, noNaN: true }).map(String),
  fc.constantFrom('01', '1e3', '0x10', ' 1', '1 ', '١'),
);

/** JSON that is no object at all. */
const notAnObject = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.string({ maxLength: 20 }),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
);

/** Bodies reasonBodySchema refuses: no text that trims to 1..500 characters under `reason`. */
const badReasonBody = fc.oneof(
  notAnObject,
  fc.dictionary(
    fc.string({ maxLength: 8 }).filter((key) => key !== 'reason'),
    fc.jsonValue({ maxDepth: 1 }),
    { maxKeys: 3 },
  ),
  fc.record({
    reason: fc.oneof(
      fc.constant(null),
      fc.integer(),
      fc.boolean(),
      fc.array(fc.string({ maxLength: 5 }), { maxLength: 2 }),
      fc.stringMatching(/^[ \t\n\r]{0,8}$/),
      fc.string({ maxLength: 10 }).map((tail) => `${'x'.repeat(501)}${tail}`),
    ),
  }),
);

/** Bodies the draft schema refuses: a field of the form filled in against its rule, or no object. */
const badDraftField = fc.oneof(
  fc.record({ name: fc.oneof(fc.integer(), fc.constant('x'), fc.constant('Имя'.repeat(6))) }),
  fc.record({ age: fc.oneof(fc.integer({ min: -1_000, max: 17 }), fc.integer({ min: 61, max: 100_000 })) }),
  fc.record({
    category: fc
      .string({ minLength: 1, maxLength: 10 })
      .filter((text) => !(CATEGORIES as readonly string[]).includes(text.trim()) && text.trim() !== ''),
  }),
  fc.record({ prices: fc.record({ hour: fc.integer({ min: 1, max: 999 }) }) }),
  fc.record({ city: fc.constantFrom('Москва', 'UPPER', 'a', '../etc') }),
  fc.record({ places: fc.constantFrom(['roof'], 'apartment', [1]) }),
  fc.record({ height: fc.constantFrom(149, 201, 'tall', 170.5) }),
);
const unknownKeys = fc.dictionary(
  fc.string({ maxLength: 8 }).filter((key) => !(PROFILE_FIELD_KEYS as readonly string[]).includes(key)),
  fc.jsonValue({ maxDepth: 1 }),
  { maxKeys: 3 },
);
const badDraftBody = fc.oneof(
  notAnObject,
  fc.tuple(unknownKeys, badDraftField).map(([noise, bad]) => ({ ...noise, ...bad })),
);

/** Query values none of the administration's lists accepts, by field. */
const notAPage = fc.oneof(
  fc.constantFrom('0', '-1', '1.5', 'abc', '', '01', '10001', '1e2'),
  fc.array(fc.constantFrom('1', '2'), { minLength: 2, maxLength: 3 }),
);
const notAKnown = (known: readonly string[]) =>
  fc.string({ minLength: 1, maxLength: 12 }).filter((text) => !known.includes(text));
const BAD_QUERY: Record<string, fc.Arbitrary<string | string[]>> = {
  page: notAPage,
  perPage: fc.oneof(notAPage, fc.constantFrom('101', '1000')),
  q: fc.oneof(
    fc.string({ maxLength: 5 }).map((tail) => `${'q'.repeat(255)}${tail}`),
    fc.array(fc.constantFrom('anna', 'b'), { minLength: 2, maxLength: 2 }),
  ),
  action: notAKnown(ADMIN_ACTIONS),
  targetType: notAKnown(ADMIN_TARGET_TYPES),
  adminId: absentId.filter((id) => !/^[1-9]\d{0,8}$/.test(id)),
  targetId: absentId.filter((id) => !/^[1-9]\d{0,8}$/.test(id)),
  from: fc.constantFrom('2025-02-30', '1999-12-31', '3000-01-01', 'yesterday', '2025-13-01', '', '2025-1-1'),
  to: fc.constantFrom('2025-02-30', '0000-01-01', '31.12.2025', '2025-03-01T25:00:00Z'),
  status: notAKnown(PAYMENT_ORDER_STATUSES),
  accountId: absentId.filter((id) => !/^[1-9]\d{0,8}$/.test(id)),
};
/** The query fields each list reads, by route; the others read a page. */
const QUERY_FIELDS: Record<string, string[]> = {
  '/api/admin-panel/accounts': ['q', 'page', 'perPage'],
  '/api/admin-panel/audit': ['action', 'targetType', 'adminId', 'targetId', 'from', 'to', 'page', 'perPage'],
  '/api/admin-panel/payments/orders': ['status', 'accountId', 'page', 'perPage'],
  '/api/admin-panel/adjustments': ['accountId'],
};

/** One field of a valid body replaced by a bad value (or dropped), or no object at all. */
const withBadField = (good: Record<string, unknown>, bad: Record<string, fc.Arbitrary<unknown>>) =>
  fc.oneof(
    notAnObject,
    fc.constantFrom(...Object.keys(good)).map((key) => {
      const { [key]: _dropped, ...rest } = good;
      return rest;
    }),
    ...Object.entries(bad).map(([key, value]) => value.map((item) => ({ ...good, [key]: item }))),
  );
const notText = fc.oneof(
  fc.constant(null),
  fc.integer(),
  fc.boolean(),
  fc.array(fc.string(), { maxLength: 2 }),
);
const notNumber = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.string({ maxLength: 6 }),
  fc.array(fc.integer(), { maxLength: 2 }),
);
const blank = fc.stringMatching(/^[ \t\n\r]{0,8}$/);
const tooLong = (max: number) => fc.string({ maxLength: 5 }).map((tail) => `${'x'.repeat(max + 1)}${tail}`);

/** A body each route with a body accepts (so that an absent id answers 404, not 400). */
const GOOD_BODY: Record<string, Record<string, unknown>> = {
  '/api/admin-panel/accounts/:id/adjustments': { amount: 10, reason: 'Компенсация' },
  '/api/admin-panel/promo-codes': {
    code: 'GOODCODE',
    promoType: 'BALANCE_AMOUNT',
    amount: 100,
    descriptionRu: 'Бонус',
    descriptionEn: 'Bonus',
  },
  '/api/admin-panel/site/slogan': { ru: 'Слоган', en: 'Slogan' },
  '/api/admin-panel/site/prices/:list/:code': {
    titleRu: 'Поднятие',
    titleEn: 'Bump',
    mskSpbPrice: 3,
    otherPrice: 2,
  },
};
/** Bodies each route refuses; the others take a reason. */
const BAD_BODY: Record<string, fc.Arbitrary<unknown>> = {
  '/api/admin-panel/accounts/:id/adjustments': withBadField(
    GOOD_BODY['/api/admin-panel/accounts/:id/adjustments'] ?? {},
    {
      amount: fc.oneof(
        notNumber,
        fc.constantFrom(0, -0, 0.001, 1_000_000.01, -1_000_001, 1e300),
        fc
          .double({ noInteger: true, min: -10, max: 10 })
          .filter((n) => Math.abs(n * 100 - Math.round(n * 100)) > 1e-3),
      ),
      reason: fc.oneof(notText, blank, fc.constantFrom('ab', ' a '), tooLong(500)),
    },
  ),
  '/api/admin-panel/promo-codes': withBadField(GOOD_BODY['/api/admin-panel/promo-codes'] ?? {}, {
    code: fc.oneof(notText, blank, fc.constantFrom('AB', 'КОД123', 'BAD CODE', 'A-B-C'), tooLong(32)),
    promoType: fc.oneof(notText, fc.constantFrom('FREE', 'balance_amount')),
    amount: fc.oneof(notNumber, fc.constantFrom(0, -5, 1.5, 100_001)),
    accountType: fc.constantFrom('admin', 'GIRL', 1),
    maxActivations: fc.constantFrom(0, -1, 1.5, '3', 1_000_001),
    validFrom: fc.constantFrom('2025-02-30', '1999-01-01', 'today', 20250101),
    descriptionRu: fc.oneof(notText, blank, tooLong(200)),
    descriptionEn: fc.oneof(notText, blank, tooLong(200)),
  }),
  '/api/admin-panel/site/slogan': withBadField(GOOD_BODY['/api/admin-panel/site/slogan'] ?? {}, {
    ru: fc.oneof(notText, blank, tooLong(120)),
    en: fc.oneof(notText, blank, tooLong(120)),
  }),
  '/api/admin-panel/site/prices/:list/:code': withBadField(
    GOOD_BODY['/api/admin-panel/site/prices/:list/:code'] ?? {},
    {
      titleRu: fc.oneof(notText, blank, tooLong(120)),
      titleEn: fc.oneof(notText, blank, tooLong(120)),
      mskSpbPrice: fc.oneof(notNumber, fc.constantFrom(-1, 0.5, 1_000_001)),
      otherPrice: fc.oneof(notNumber, fc.constantFrom(-1, 0.5, 1_000_001)),
    },
  ),
};
/** Price lines no list holds: bad list names and codes (400), or codes of no line (404). */
const absentPriceLine = fc.oneof(
  fc.tuple(fc.string({ minLength: 1, maxLength: 12 }), fc.constant('bump')),
  fc.tuple(
    fc.constant('models_boosting'),
    fc.oneof(
      fc.string({ minLength: 1, maxLength: 70 }),
      fc.stringMatching(/^[a-z0-9_]{1,64}$/).map((code) => `zz_${code}`.slice(0, 64)),
    ),
  ),
);

const badQuery = (fields: string[]) =>
  fc
    .record(Object.fromEntries(fields.map((field) => [field, BAD_QUERY[field] ?? notAPage])), {
      requiredKeys: [],
    })
    .filter((query) => Object.keys(query).length > 0)
    .map((query) => {
      const search = new URLSearchParams();
      for (const [field, value] of Object.entries(query) as [string, string | string[]][]) {
        for (const item of Array.isArray(value) ? value : [value]) search.append(field, item);
      }
      return search.toString();
    });

const isAdminRoute = (route: RouteOptions) =>
  route.url.startsWith('/api/admin-panel/') && !route.url.startsWith('/api/admin-panel/analytics');

/** The administration's routes as the server registered them: a new one is covered by itself. */
function adminRoutes() {
  return routes.filter(isAdminRoute).flatMap((route) =>
    (Array.isArray(route.method) ? route.method : [route.method])
      .filter((method) => method !== 'HEAD')
      .map((method) => ({
        method,
        url: route.url,
        hasBody: Boolean(route.schema?.body),
        hasQuery: Boolean(route.schema?.querystring),
        // The real row a body or query is tried on: never changed, as the body or query is bad.
        realId: route.url.includes('/accounts/') ? modelAccountId : ownProfileId,
        goodBody: GOOD_BODY[route.url] ?? { reason: 'Нарушение правил' },
        badBody: BAD_BODY[route.url] ?? badReasonBody,
      })),
  );
}

/** A model's own profile routes (the lead's /api/profiles), with what their bodies are. */
const PROFILE_ROUTES = [
  { method: 'POST', url: '/api/profiles', body: true },
  { method: 'GET', url: '/api/profiles/:id', body: false },
  { method: 'PUT', url: '/api/profiles/:id', body: true },
  { method: 'DELETE', url: '/api/profiles/:id', body: false },
  { method: 'POST', url: '/api/profiles/:id/submit', body: false },
  { method: 'POST', url: '/api/profiles/:id/extend', body: false },
  { method: 'POST', url: '/api/profiles/:id/activate', body: false },
  { method: 'POST', url: '/api/profiles/:id/deactivate', body: false },
  { method: 'POST', url: '/api/profiles/:id/top', body: false },
  { method: 'POST', url: '/api/profiles/:id/bump', body: false },
  { method: 'POST', url: '/api/profiles/:id/video', body: false },
  { method: 'GET', url: '/api/profiles/:id/promotions', body: false },
  { method: 'GET', url: '/api/profiles/:id/views', body: false },
  { method: 'GET', url: '/api/profiles/:id/complaints', body: false },
] as const;

const withId = (url: string, id: string | number) =>
  url
    .replace(':id', encodeURIComponent(String(id)))
    .replace(':list', 'models_boosting')
    .replace(':code', 'bump');
const withLine = (url: string, [list, code]: [string, string]) =>
  url.replace(':list', encodeURIComponent(list)).replace(':code', encodeURIComponent(code));
const RUNS = { numRuns: 25 };

describe('malformed input to the administration and to /api/profiles', () => {
  it('gets a 4xx and changes nothing, whatever the ids, bodies and queries', async () => {
    const list = adminRoutes();
    expect(list.length).toBeGreaterThanOrEqual(14);
    const before = await snapshot();

    for (const route of list) {
      if (route.url.includes(':id')) {
        await fc.assert(
          fc.asyncProperty(absentId, async (id) => {
            const url = withId(route.url, id);
            const body = route.hasBody ? route.goodBody : undefined;
            expectRefused(await send(admin, route.method, url, body), `${route.method} ${url}`);
          }),
          RUNS,
        );
      }
      if (route.url.includes(':list')) {
        await fc.assert(
          fc.asyncProperty(absentPriceLine, async (line) => {
            const url = withLine(route.url, line);
            expectRefused(await send(admin, route.method, url, route.goodBody), `${route.method} ${url}`);
          }),
          RUNS,
        );
      }
      if (route.hasBody) {
        await fc.assert(
          fc.asyncProperty(route.badBody, async (body) => {
            const url = withId(route.url, route.realId);
            expectRefused(
              await send(admin, route.method, url, body),
              `${route.method} ${url} ${JSON.stringify(body)}`,
            );
          }),
          RUNS,
        );
      }
      if (route.hasQuery) {
        const fields = QUERY_FIELDS[route.url] ?? ['page', 'perPage'];
        await fc.assert(
          fc.asyncProperty(badQuery(fields), async (query) => {
            const url = `${withId(route.url, route.realId)}?${query}`;
            expectRefused(await send(admin, route.method, url), `${route.method} ${url}`);
          }),
          RUNS,
        );
      }
    }

    for (const route of PROFILE_ROUTES) {
      if (route.url.includes(':id')) {
        // Ids of no profile, and another model's profile (404 like a missing one).
        const id = fc.oneof(absentId, fc.constant(String(otherProfileId)));
        await fc.assert(
          fc.asyncProperty(id, async (profileId) => {
            const url = withId(route.url, profileId);
            expectRefused(
              await send(model, route.method, url, route.body ? {} : undefined),
              `${route.method} ${url}`,
            );
          }),
          RUNS,
        );
      }
      if (route.body) {
        await fc.assert(
          fc.asyncProperty(badDraftBody, async (body) => {
            const url = withId(route.url, ownProfileId);
            expectRefused(
              await send(model, route.method, url, body),
              `${route.method} ${url} ${JSON.stringify(body)}`,
            );
          }),
          RUNS,
        );
      }
    }

    expect(await snapshot()).toEqual(before);
  }, 120_000);
});

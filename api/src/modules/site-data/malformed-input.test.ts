import { count } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaints, notifications, profileViews, promoActivations, siteVisits } from '../../db/schema';
import { scaledRateLimits } from '../auth/rate-limits';
import { type Agent, createAgent } from '../../testing/agent';
import { createAccount, createCity, createProfile } from '../../testing/builders';
import { createTestApp, type TestApp } from '../../testing/create-test-app';

// The account routes have their own property test (modules/auth/malformed-input.test.ts); this
// one covers the other state-changing routes of issue 3.
let t: TestApp;
let agent: Agent;
let profileId = 0;

beforeAll(async () => {
  t = await createTestApp({ rateLimits: scaledRateLimits(10_000) });
  agent = createAgent(t.app);
  const account = await createAccount(t.db);
  await agent.signInAs(account.id);
  const city = await createCity(t.db);
  profileId = (await createProfile(t.db, { cityId: city.id })).id;
});

afterAll(async () => {
  await t?.close();
});

const badValue = fc.oneof(
  fc.integer({ max: -1 }),
  fc.double({ noInteger: true }),
  fc.constant(false),
  fc.constant(null),
  // Never a list of positive integers: that is a valid `notificationIds`.
  fc.array(fc.integer({ max: 0 }), { minLength: 1, maxLength: 3 }),
  fc.constant([]),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }),
  fc.string({ maxLength: 4 }).map((s) => `x${s}`),
);

const ROUTES: { method: 'post' | 'patch'; url: () => string; field: string; required: boolean }[] = [
  { method: 'post', url: () => '/api/recommendations', field: 'id', required: true },
  { method: 'post', url: () => `/api/model/${profileId}/complaints`, field: 'reason', required: true },
  {
    method: 'post',
    url: () => '/api/admin-panel/analytics/update-models-visit-count',
    field: 'modelId',
    required: true,
  },
  { method: 'patch', url: () => '/api/admin-panel/analytics', field: 'visitCount', required: false },
  {
    method: 'patch',
    url: () => '/api/notifications/mark-multiple',
    field: 'notificationIds',
    required: true,
  },
  { method: 'post', url: () => '/api/promo/activate', field: 'code', required: true },
  { method: 'post', url: () => '/api/promo/validate-public', field: 'code', required: true },
];

async function snapshot() {
  const rows = async (
    table:
      | typeof complaints
      | typeof profileViews
      | typeof siteVisits
      | typeof promoActivations
      | typeof notifications,
  ) => (await t.db.select({ n: count() }).from(table))[0]?.n;
  return {
    complaints: await rows(complaints),
    views: await rows(profileViews),
    visits: await rows(siteVisits),
    activations: await rows(promoActivations),
    notifications: await rows(notifications),
  };
}

describe('malformed input to the site, analytics, notification and promo routes', () => {
  it('gets a 4xx and changes nothing, whatever the body', async () => {
    const before = await snapshot();
    for (const route of ROUTES) {
      const body = route.required
        ? fc.oneof(
            fc.record({ [route.field]: badValue }),
            fc.constant({}),
            fc.array(fc.anything(), { maxLength: 2 }),
          )
        : fc.record({ [route.field]: badValue });
      await fc.assert(
        fc.asyncProperty(body, async (payload) => {
          const response = await agent[route.method](route.url(), payload);
          const where = `${route.url()} ${JSON.stringify(payload)}`;
          expect(response.statusCode, where).toBeGreaterThanOrEqual(400);
          expect(response.statusCode, where).toBeLessThan(500);
        }),
        { numRuns: 30 },
      );
    }
    expect(await snapshot()).toEqual(before);
  });
});

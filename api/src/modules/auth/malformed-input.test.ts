import { count, isNull } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  authSessions,
  mailOutbox,
  passwordResetTokens,
  registrationRequests,
} from '../../db/schema';
import { type Agent, createAgent } from '../../testing/agent';
import { createAccount } from '../../testing/builders';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { scaledRateLimits } from './rate-limits';

let t: TestApp;
let agent: Agent;

beforeAll(async () => {
  t = await createTestApp({ rateLimits: scaledRateLimits(10_000) });
  agent = createAgent(t.app);
  const account = await createAccount(t.db, { login: 'Owner1' });
  await agent.signInAs(account.id);
});

afterAll(async () => {
  await t?.close();
});

/** Each route with the fields its body has. */
const ROUTES: { method: 'post' | 'put'; url: string; fields: string[] }[] = [
  {
    method: 'post',
    url: '/api/auth/send-registration-code',
    fields: ['email', 'password', 'accountType', 'promoCode'],
  },
  { method: 'post', url: '/api/auth/resend-registration-code', fields: ['email'] },
  { method: 'post', url: '/api/auth/verify-registration-code', fields: ['email', 'code'] },
  { method: 'post', url: '/api/auth/login', fields: ['email', 'password'] },
  { method: 'post', url: '/api/auth/send-restore-link', fields: ['email'] },
  { method: 'post', url: '/api/auth/restore-password', fields: ['newPassword', 'token'] },
  {
    method: 'put',
    url: '/api/profile/update/password',
    fields: ['currentPassword', 'newPassword', 'confirmPassword'],
  },
  { method: 'put', url: '/api/profile/update/email', fields: ['email', 'password'] },
  { method: 'put', url: '/api/profile/update/login', fields: ['login', 'confirmLogin'] },
];

/**
 * Values no field accepts: wrong types, and strings too short to be an e-mail, a password or a
 * code, starting with a character no login has.
 */
const badValue = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }),
  fc.string({ maxLength: 3 }).map((s) => `%${s}`),
);

const badBody = (fields: string[]) =>
  fc.oneof(
    fc.record(Object.fromEntries(fields.map((field) => [field, badValue])), { requiredKeys: [] }),
    fc.anything(),
  );

async function snapshot() {
  const rows = async (
    table: typeof accounts | typeof registrationRequests | typeof mailOutbox | typeof passwordResetTokens,
  ) => (await t.db.select({ n: count() }).from(table))[0]?.n;
  const [openSessions] = await t.db
    .select({ n: count() })
    .from(authSessions)
    .where(isNull(authSessions.revokedAt));
  return {
    accounts: await rows(accounts),
    registrations: await rows(registrationRequests),
    mail: await rows(mailOutbox),
    resetTokens: await rows(passwordResetTokens),
    openSessions: openSessions?.n,
    owner: (await t.db.select().from(accounts)).map((a) => [a.email, a.login, a.passwordHash]),
  };
}

describe('malformed input to the account routes', () => {
  it('gets a validation error and changes nothing, whatever the body', async () => {
    const before = await snapshot();
    for (const route of ROUTES) {
      await fc.assert(
        fc.asyncProperty(badBody(route.fields), async (body) => {
          const response = await agent[route.method](route.url, body);
          // A bare string goes out as text/plain, which is refused for its type (415).
          expect([400, 415], `${route.url} ${JSON.stringify(body)}`).toContain(response.statusCode);
          expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
        }),
        { numRuns: 40 },
      );
    }
    await t.app.mail.idle();
    expect(await snapshot()).toEqual(before);
  });

  it('answers a body that is not JSON with 400', async () => {
    for (const route of ROUTES) {
      const response = await t.app.inject({
        method: route.method.toUpperCase() as 'POST' | 'PUT',
        url: route.url,
        payload: '{"email": ',
        headers: { 'content-type': 'application/json', 'x-csrf-token': agent.jar.get('csrf_token') ?? '' },
        cookies: Object.fromEntries(agent.jar),
      });
      expect(response.statusCode, route.url).toBe(400);
    }
  });
});

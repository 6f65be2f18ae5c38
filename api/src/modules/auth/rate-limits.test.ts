import type { ApiErrorBody } from 'contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../testing/agent';
import { createAccount } from '../../testing/builders';
import { createTestApp, type TestApp, testAppForFile } from '../../testing/create-test-app';
import { DEFAULT_AUTH_RATE_LIMITS, scaledRateLimits } from './rate-limits';

// The real limits: this file proves they trip.
const t = testAppForFile();

let addressCount = 0;
/** A browser at its own address (TEST-NET-3), with its cookies and CSRF token. */
async function browserAt(ip = `203.0.113.${++addressCount}`) {
  const first = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: ip });
  const cookies = Object.fromEntries(first.cookies.map((cookie) => [cookie.name, cookie.value]));
  return (url: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: ip,
      cookies,
      headers: { 'x-csrf-token': cookies.csrf_token ?? '', 'accept-language': 'en' },
    });
}

function expectLimited(response: LightMyRequestResponse, windowSeconds: number) {
  expect(response.statusCode).toBe(429);
  const body = response.json<ApiErrorBody>();
  expect(body.code).toBe('RATE_LIMITED');
  expect(body.retryAfter).toBeGreaterThan(0);
  expect(body.retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(response.headers['retry-after']).toBe(String(body.retryAfter));
  expect(body.message).toBe(`Too many requests. Try again in ${body.retryAfter} s`);
}

describe('rate limits', () => {
  it('limit logins per e-mail, from any number of addresses', async () => {
    const account = await createAccount(t.db);
    const { max, windowSeconds } = DEFAULT_AUTH_RATE_LIMITS.loginPerEmail;
    for (let i = 0; i < max; i++) {
      const post = await browserAt();
      const response = await post('/api/auth/login', { email: account.email, password: 'wrong-guess' });
      expect(response.statusCode).toBe(401);
    }
    const post = await browserAt();
    expectLimited(
      await post('/api/auth/login', { email: account.email, password: account.password }),
      windowSeconds,
    );
    // Another address's count is its own.
    const other = await createAccount(t.db);
    expect((await post('/api/auth/login', { email: other.email, password: other.password })).statusCode).toBe(
      200,
    );
  });

  it('count only failed logins per e-mail: the owner signs in however often others or she succeed', async () => {
    const account = await createAccount(t.db);
    const { max } = DEFAULT_AUTH_RATE_LIMITS.loginPerEmail;
    for (let i = 0; i < max * 2; i++) {
      const post = await browserAt();
      const response = await post('/api/auth/login', { email: account.email, password: account.password });
      expect(response.statusCode).toBe(200);
    }
    // Failures up to one short of the limit leave her a way in.
    for (let i = 0; i < max - 1; i++) {
      const post = await browserAt();
      expect((await post('/api/auth/login', { email: account.email, password: 'wrong' })).statusCode).toBe(
        401,
      );
    }
    const post = await browserAt();
    expect(
      (await post('/api/auth/login', { email: account.email, password: account.password })).statusCode,
    ).toBe(200);
  });

  it('count logins per e-mail sent at once before any of them is answered', async () => {
    const account = await createAccount(t.db);
    const { max } = DEFAULT_AUTH_RATE_LIMITS.loginPerEmail;
    const posts = await Promise.all(Array.from({ length: max * 2 }, () => browserAt()));
    const responses = await Promise.all(
      posts.map((post) => post('/api/auth/login', { email: account.email, password: 'wrong-guess' })),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 401)).toHaveLength(max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(max);
  });

  it('count every login per address, successful ones too', async () => {
    const account = await createAccount(t.db);
    const { max } = DEFAULT_AUTH_RATE_LIMITS.loginPerIp;
    const post = await browserAt();
    for (let i = 0; i < max; i++) {
      const response = await post('/api/auth/login', { email: account.email, password: account.password });
      expect(response.statusCode).toBe(200);
    }
    expect(
      (await post('/api/auth/login', { email: account.email, password: account.password })).statusCode,
    ).toBe(429);
  });

  it('count the addresses of one IPv6 /64 as one address', async () => {
    const { max } = DEFAULT_AUTH_RATE_LIMITS.loginPerIp;
    for (let i = 0; i < max; i++) {
      const post = await browserAt(`2001:db8:77:1::${(i + 1).toString(16)}`);
      expect(
        (await post('/api/auth/login', { email: `v6-${i}@example.test`, password: 'x' })).statusCode,
      ).toBe(401);
    }
    const post = await browserAt('2001:db8:77:1:abcd::1');
    expect((await post('/api/auth/login', { email: 'v6-last@example.test', password: 'x' })).statusCode).toBe(
      429,
    );
    const mapped = DEFAULT_AUTH_RATE_LIMITS.codeMailPerIp;
    for (let i = 0; i < mapped.max; i++) {
      const send = await browserAt(i % 2 === 0 ? '198.51.100.77' : '::ffff:198.51.100.77');
      expect(
        (await send('/api/auth/resend-registration-code', { email: `mapped-${i}@example.test` })).statusCode,
      ).toBe(200);
    }
    const send = await browserAt('::ffff:198.51.100.77');
    expect(
      (await send('/api/auth/resend-registration-code', { email: 'mapped@example.test' })).statusCode,
    ).toBe(429);
  });

  it('limit logins per address, whatever the e-mail', async () => {
    const { max, windowSeconds } = DEFAULT_AUTH_RATE_LIMITS.loginPerIp;
    const post = await browserAt();
    for (let i = 0; i < max; i++) {
      const response = await post('/api/auth/login', { email: `guess${i}@example.test`, password: 'x' });
      expect(response.statusCode).toBe(401);
    }
    expectLimited(
      await post('/api/auth/login', { email: 'one-more@example.test', password: 'x' }),
      windowSeconds,
    );
  });

  it('count sending and resending codes together per address', async () => {
    const { max, windowSeconds } = DEFAULT_AUTH_RATE_LIMITS.codeMailPerIp;
    const post = await browserAt();
    for (let i = 0; i < max; i++) {
      const response =
        i % 2 === 0
          ? await post('/api/auth/send-registration-code', {
              email: `ip-limit-${i}@example.test`,
              password: 'secret123',
              accountType: 'girl',
            })
          : await post('/api/auth/resend-registration-code', { email: `ip-limit-${i}@example.test` });
      expect(response.statusCode).toBe(200);
    }
    expectLimited(
      await post('/api/auth/resend-registration-code', { email: 'ip-limit-last@example.test' }),
      windowSeconds,
    );
  });

  it('limit codes per e-mail, from any number of addresses', async () => {
    const { max, windowSeconds } = DEFAULT_AUTH_RATE_LIMITS.codeMailPerEmail;
    const email = 'mailbox-limit@example.test';
    for (let i = 0; i < max; i++) {
      const post = await browserAt();
      expect((await post('/api/auth/resend-registration-code', { email })).statusCode).toBe(200);
    }
    const post = await browserAt();
    expectLimited(
      await post('/api/auth/resend-registration-code', { email: email.toUpperCase() }),
      windowSeconds,
    );
  });

  it('limit code verifications per address', async () => {
    const { max, windowSeconds } = DEFAULT_AUTH_RATE_LIMITS.verifyCodePerIp;
    const post = await browserAt();
    for (let i = 0; i < max; i++) {
      const response = await post('/api/auth/verify-registration-code', {
        email: `verify-${i}@example.test`,
        code: '123456',
      });
      expect(response.json<ApiErrorBody>().code).toBe('INVALID_CODE');
    }
    expectLimited(
      await post('/api/auth/verify-registration-code', { email: 'verify@example.test', code: '123456' }),
      windowSeconds,
    );
  });

  it('limit restore links per e-mail and per address', async () => {
    const perEmail = DEFAULT_AUTH_RATE_LIMITS.restoreLinkPerEmail;
    const email = 'restore-limit@example.test';
    for (let i = 0; i < perEmail.max; i++) {
      const post = await browserAt();
      expect((await post('/api/auth/send-restore-link', { email })).statusCode).toBe(200);
    }
    expectLimited(
      await (await browserAt())('/api/auth/send-restore-link', { email }),
      perEmail.windowSeconds,
    );

    const perIp = DEFAULT_AUTH_RATE_LIMITS.restoreLinkPerIp;
    const post = await browserAt();
    for (let i = 0; i < perIp.max; i++) {
      const response = await post('/api/auth/send-restore-link', { email: `restore-${i}@example.test` });
      expect(response.statusCode).toBe(200);
    }
    expectLimited(
      await post('/api/auth/send-restore-link', { email: 'restore-last@example.test' }),
      perIp.windowSeconds,
    );
  });

  it('limit password checks of profile changes per account', async () => {
    const { max, windowSeconds } = DEFAULT_AUTH_RATE_LIMITS.profileChangePerAccount;
    const account = await createAccount(t.db);
    const agent = createAgent(t.app);
    await agent.signInAs(account.id);
    const body = { currentPassword: 'wrong-one', newPassword: 'another1', confirmPassword: 'another1' };
    for (let i = 0; i < max; i++) {
      const response = await agent.put('/api/profile/update/password', body, {
        headers: { 'accept-language': 'en' },
      });
      expect(response.json<ApiErrorBody>().code).toBe('WRONG_PASSWORD');
    }
    expectLimited(
      await agent.put('/api/profile/update/password', body, { headers: { 'accept-language': 'en' } }),
      windowSeconds,
    );
  });

  it('scale for load tests and e2e runs without changing the windows', () => {
    const scaled = scaledRateLimits(10);
    expect(scaled.loginPerIp).toEqual({ max: 100, windowSeconds: 60 });
    expect(scaledRateLimits(0.01).restoreLinkPerEmail.max).toBe(1);
  });
});

describe('rate limits behind a trusted proxy', () => {
  const PROXY = '10.0.0.1';
  let behind: TestApp;

  beforeAll(async () => {
    behind = await createTestApp({ trustProxy: [PROXY] });
  });

  afterAll(async () => {
    await behind?.close();
  });

  /** A browser whose requests reach the API from `remoteAddress`, naming `forwardedFor` as the client. */
  async function browserVia(remoteAddress: string, forwardedFor: string) {
    const headers = { 'x-forwarded-for': forwardedFor, 'accept-language': 'en' };
    const first = await behind.app.inject({ method: 'GET', url: '/api/health', remoteAddress, headers });
    const cookies = Object.fromEntries(first.cookies.map((cookie) => [cookie.name, cookie.value]));
    return (email: string) =>
      behind.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'wrong-guess' },
        remoteAddress,
        cookies,
        headers: { ...headers, 'x-csrf-token': cookies.csrf_token ?? '' },
      });
  }

  it('count each client the proxy forwards on its own, not the proxy as one visitor', async () => {
    const { max, windowSeconds } = DEFAULT_AUTH_RATE_LIMITS.loginPerIp;
    const first = await browserVia(PROXY, '198.51.100.1');
    for (let i = 0; i < max; i++) {
      expect((await first(`proxied${i}@example.test`)).statusCode).toBe(401);
    }
    expectLimited(await first('proxied-more@example.test'), windowSeconds);
    // Another visitor behind the same proxy still signs in.
    const second = await browserVia(PROXY, '198.51.100.2');
    expect((await second('second@example.test')).statusCode).toBe(401);
  });

  it('ignore X-Forwarded-For from an address that is not the trusted proxy', async () => {
    const { max, windowSeconds } = DEFAULT_AUTH_RATE_LIMITS.loginPerIp;
    for (let i = 0; i < max; i++) {
      // Each attempt claims to come from somewhere new; the count stays with the real address.
      const post = await browserVia('203.0.113.200', `198.51.100.${100 + i}`);
      expect((await post(`forged${i}@example.test`)).statusCode).toBe(401);
    }
    const post = await browserVia('203.0.113.200', '198.51.100.250');
    expectLimited(await post('forged-more@example.test'), windowSeconds);
  });
});

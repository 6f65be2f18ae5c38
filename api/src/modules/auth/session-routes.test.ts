import type { ApiErrorBody, OkResponse, ProfileResponse, SessionResponse } from 'contracts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authSessions, refreshTokens } from '../../db/schema';
import { sha256 } from '../../lib/tokens';
import { createAgent } from '../../testing/agent';
import { createAccount } from '../../testing/builders';
import { testAppForFile } from '../../testing/create-test-app';
import { scaledRateLimits } from './rate-limits';
import { REFRESH_REUSE_GRACE_SECONDS } from './session-service';

const t = testAppForFile({ rateLimits: scaledRateLimits(100) });

async function signedIn(overrides: Parameters<typeof createAccount>[1] = {}) {
  const account = await createAccount(t.db, overrides);
  const agent = createAgent(t.app);
  const response = await agent.post('/api/auth/login', { email: account.email, password: account.password });
  expect(response.statusCode).toBe(200);
  return { account, agent, response };
}

describe('POST /api/auth/login', () => {
  it('signs in with the right password and answers the profile', async () => {
    const { account, agent, response } = await signedIn({ accountType: 'advister', balanceKopecks: 15_050 });
    expect(response.json<ProfileResponse>()).toEqual({
      email: account.email,
      login: null,
      balance: 150.5,
      balanceKopecks: 15_050,
      accountType: 'advister',
      accountRole: 'user',
      locale: 'ru',
    });
    expect(response.headers['cache-control']).toBe('no-store');
    const cookies = response.cookies as Array<{ name: string; httpOnly?: boolean; sameSite?: string }>;
    expect(cookies.find((c) => c.name === 'access_token')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
    expect(cookies.find((c) => c.name === 'refresh_token')).toMatchObject({ httpOnly: true });
    expect((await agent.get('/api/profile')).json<ProfileResponse>().email).toBe(account.email);
  });

  it('takes the e-mail in any case', async () => {
    const account = await createAccount(t.db);
    const response = await createAgent(t.app).post('/api/auth/login', {
      email: ` ${account.email.toUpperCase()} `,
      password: account.password,
    });
    expect(response.statusCode).toBe(200);
  });

  it('answers an unknown e-mail exactly like a wrong password', async () => {
    const account = await createAccount(t.db);
    const wrongPassword = await createAgent(t.app).post('/api/auth/login', {
      email: account.email,
      password: 'not-the-password',
    });
    const unknownEmail = await createAgent(t.app).post('/api/auth/login', {
      email: 'nobody-here@example.test',
      password: 'not-the-password',
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownEmail.statusCode).toBe(401);
    expect(wrongPassword.json<ApiErrorBody>()).toEqual(unknownEmail.json<ApiErrorBody>());
    expect(wrongPassword.json<ApiErrorBody>().code).toBe('LOGIN_FAILED');
    expect(wrongPassword.cookies.some((c) => c.name === 'access_token')).toBe(false);
  });

  it('refuses a login without the CSRF header and starts no session', async () => {
    const account = await createAccount(t.db);
    const agent = createAgent(t.app);
    const response = await agent.post(
      '/api/auth/login',
      { email: account.email, password: account.password },
      { withoutCsrf: true },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json<ApiErrorBody>().code).toBe('CSRF_FAILED');
    expect(agent.jar.has('access_token')).toBe(false);
    const sessions = await t.db.select().from(authSessions).where(eq(authSessions.accountId, account.id));
    expect(sessions).toHaveLength(0);
  });

  it('replaces the session the browser already had', async () => {
    const { account, agent } = await signedIn();
    const first = agent.jar.get('access_token');
    await agent.post('/api/auth/login', { email: account.email, password: account.password });
    const sessions = await t.db.select().from(authSessions).where(eq(authSessions.accountId, account.id));
    expect(sessions.filter((s) => s.revokedAt === null)).toHaveLength(1);
    const stale = createAgent(t.app);
    stale.jar.set('access_token', first ?? '');
    expect((await stale.get('/api/profile')).statusCode).toBe(401);
  });
});

describe('POST /api/auth/refresh', () => {
  it('rotates the refresh token, and a reused one ends the session for everyone', async () => {
    const { agent } = await signedIn();
    const firstRefresh = agent.jar.get('refresh_token') ?? '';

    const refreshed = await agent.post('/api/auth/refresh');
    expect(refreshed.statusCode).toBe(200);
    expect(refreshed.json<OkResponse>()).toEqual({ ok: true });
    const secondRefresh = agent.jar.get('refresh_token');
    expect(secondRefresh).toBeDefined();
    expect(secondRefresh).not.toBe(firstRefresh);
    expect((await agent.get('/api/profile')).statusCode).toBe(200);

    // A copy of the first token comes back from somewhere else, after the grace window.
    await t.db
      .update(refreshTokens)
      .set({ rotatedAt: new Date(Date.now() - (REFRESH_REUSE_GRACE_SECONDS + 1) * 1000) })
      .where(eq(refreshTokens.tokenHash, sha256(firstRefresh)));
    const thief = createAgent(t.app);
    thief.jar.set('refresh_token', firstRefresh);
    const replay = await thief.post('/api/auth/refresh');
    expect(replay.statusCode).toBe(401);
    expect(replay.json<ApiErrorBody>().code).toBe('UNAUTHORIZED');
    expect(thief.jar.has('refresh_token')).toBe(false);

    // The whole chain is revoked: the owner's newer token and access token stop working too.
    expect((await agent.get('/api/profile')).statusCode).toBe(401);
    expect((await agent.post('/api/auth/refresh')).statusCode).toBe(401);
  });

  it('lets two tabs refresh at once: the late one gets a fresh access token and keeps the new refresh cookie', async () => {
    const { agent: tabA } = await signedIn();
    const tabB = createAgent(t.app);
    for (const [name, value] of tabA.jar) tabB.jar.set(name, value);

    const first = await tabA.post('/api/auth/refresh');
    expect(first.statusCode).toBe(200);
    const late = await tabB.post('/api/auth/refresh');
    expect(late.statusCode).toBe(200);
    expect(late.json<OkResponse>()).toEqual({ ok: true });
    // Only the access cookie: the browser keeps the refresh cookie tab A just received.
    expect(late.cookies.map((c) => c.name)).toContain('access_token');
    expect(late.cookies.map((c) => c.name)).not.toContain('refresh_token');
    expect((await tabB.get('/api/profile')).statusCode).toBe(200);
    expect((await tabA.get('/api/profile')).statusCode).toBe(200);
    expect((await tabA.post('/api/auth/refresh')).statusCode).toBe(200);
  });

  it('refuses a refresh after the absolute end of the session', async () => {
    const { agent, account } = await signedIn();
    await t.db
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authSessions.accountId, account.id));
    expect((await agent.get('/api/profile')).statusCode).toBe(401);
    expect((await agent.post('/api/auth/refresh')).statusCode).toBe(401);
  });

  it('answers 401 and clears the cookies without a refresh token', async () => {
    const agent = createAgent(t.app);
    const response = await agent.post('/api/auth/refresh');
    expect(response.statusCode).toBe(401);
    expect(response.json<ApiErrorBody>().code).toBe('UNAUTHORIZED');
    const cleared = response.cookies.filter((c) => c.name === 'access_token' || c.name === 'refresh_token');
    expect(cleared.map((c) => c.name).sort()).toEqual(['access_token', 'refresh_token']);
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the session on the server, so the old access cookie no longer authenticates', async () => {
    const { account, agent } = await signedIn();
    const access = agent.jar.get('access_token') ?? '';
    const response = await agent.post('/api/auth/logout');
    expect(response.statusCode).toBe(200);
    expect(response.json<OkResponse>()).toEqual({ ok: true });
    expect(agent.jar.has('access_token')).toBe(false);
    expect(agent.jar.has('refresh_token')).toBe(false);

    const replay = createAgent(t.app);
    replay.jar.set('access_token', access);
    expect((await replay.get('/api/profile')).statusCode).toBe(401);
    const [session] = await t.db.select().from(authSessions).where(eq(authSessions.accountId, account.id));
    expect(session?.revokedReason).toBe('logout');
  });

  it('ends the session of the refresh cookie when the access cookie is gone', async () => {
    const { account, agent } = await signedIn();
    // The browser lost the access cookie (and with it the CSRF token bound to that session).
    agent.jar.delete('access_token');
    agent.jar.delete('csrf_token');
    expect((await agent.post('/api/auth/logout')).statusCode).toBe(200);
    const [session] = await t.db.select().from(authSessions).where(eq(authSessions.accountId, account.id));
    expect(session?.revokedAt).toBeInstanceOf(Date);
  });

  it('answers ok when nobody is signed in', async () => {
    const response = await createAgent(t.app).post('/api/auth/logout');
    expect(response.statusCode).toBe(200);
    expect(response.json<OkResponse>()).toEqual({ ok: true });
  });
});

describe('GET /api/auth/session', () => {
  it('answers a guest without an error: no profile and nothing to refresh', async () => {
    const response = await createAgent(t.app).get('/api/auth/session');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json<SessionResponse>()).toEqual({ profile: null, canRefresh: false });
  });

  it('answers the signed-in profile', async () => {
    const { account, agent } = await signedIn({ accountType: 'girl' });
    const response = await agent.get('/api/auth/session');
    expect(response.statusCode).toBe(200);
    expect(response.json<SessionResponse>()).toMatchObject({
      profile: { email: account.email, accountType: 'girl', accountRole: 'user' },
      canRefresh: false,
    });
  });

  it('says a refresh may bring back a session whose access token is gone', async () => {
    const { agent } = await signedIn();
    agent.jar.delete('access_token');
    const response = await agent.get('/api/auth/session');
    expect(response.json<SessionResponse>()).toEqual({ profile: null, canRefresh: true });
    expect((await agent.post('/api/auth/refresh')).statusCode).toBe(200);
    expect((await agent.get('/api/auth/session')).json<SessionResponse>().profile).not.toBeNull();
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions, refreshTokens } from '../../db/schema';
import { sha256 } from '../../lib/tokens';
import { createAgent } from '../../testing/agent';
import { createAccount } from '../../testing/builders';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { REFRESH_REUSE_GRACE_SECONDS, readAccessToken, signAccessToken } from './session-service';

/** Moves the rotation of a refresh token into the past, as if `seconds` had gone by. */
async function rotatedSecondsAgo(refreshToken: string, seconds: number) {
  await t.db
    .update(refreshTokens)
    .set({ rotatedAt: new Date(Date.now() - seconds * 1000) })
    .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  t.app.get('/api/test/whoami', async (request) => ({ auth: request.auth }));
  t.app.post('/api/test/change', async () => ({ changed: true }));
  await t.app.ready();
});
afterAll(async () => {
  await t.close();
});

describe('access tokens', () => {
  it('verify their signature and expiry', () => {
    const token = signAccessToken('secret-a', 'session-1', 7, Date.UTC(2026, 0, 1));
    expect(readAccessToken('secret-a', token, Date.UTC(2026, 0, 1))).toEqual({
      sessionId: 'session-1',
      accountId: 7,
      expired: false,
    });
    expect(readAccessToken('secret-b', token, Date.UTC(2026, 0, 1))).toBeNull();
    expect(readAccessToken('secret-a', token.replace('.7.', '.8.'), Date.UTC(2026, 0, 1))).toBeNull();
    expect(readAccessToken('secret-a', token, Date.UTC(2026, 0, 2))?.expired).toBe(true);
  });
});

describe('sessions', () => {
  it('authenticate requests until the session is revoked', async () => {
    const account = await createAccount(t.db, { accountType: 'advister' });
    const agent = createAgent(t.app);
    const { sessionId } = await agent.signInAs(account.id);
    expect((await agent.get('/api/test/whoami')).json().auth).toMatchObject({
      accountId: account.id,
      accountType: 'advister',
      sessionId,
    });
    await t.app.sessions.revoke(sessionId, 'logout');
    expect((await agent.get('/api/test/whoami')).json().auth).toBeNull();
  });

  it('rotate refresh tokens, and a reused refresh token ends the whole session', async () => {
    const account = await createAccount(t.db);
    const first = await t.app.sessions.create(account.id);
    const second = await t.app.sessions.rotate(first.refreshToken);
    expect(second.ok).toBe(true);
    if (!second.ok) return;
    expect(second.tokens.sessionId).toBe(first.sessionId);
    expect(second.tokens.refreshToken).not.toBe(first.refreshToken);

    // The first token comes back (stolen copy) after the grace window: refused, and the
    // session is over for everyone.
    await rotatedSecondsAgo(first.refreshToken, REFRESH_REUSE_GRACE_SECONDS + 1);
    expect(await t.app.sessions.rotate(first.refreshToken)).toEqual({ ok: false, reason: 'reused' });
    expect(await t.app.sessions.rotate(second.tokens.refreshToken ?? undefined)).toEqual({
      ok: false,
      reason: 'revoked',
    });
    expect(await t.app.sessions.authenticate(second.tokens.accessToken)).toBeNull();
  });

  it('answer a token rotated moments ago (a second tab) without ending the session', async () => {
    const account = await createAccount(t.db);
    const first = await t.app.sessions.create(account.id);
    const second = await t.app.sessions.rotate(first.refreshToken);
    if (!second.ok) throw new Error('first rotation failed');

    const again = await t.app.sessions.rotate(first.refreshToken);
    expect(again).toMatchObject({ ok: true, tokens: { sessionId: first.sessionId, refreshToken: null } });
    if (!again.ok) return;
    expect(await t.app.sessions.authenticate(again.tokens.accessToken)).toMatchObject({
      accountId: account.id,
    });
    // The other tab's new refresh token is still the live one.
    expect((await t.app.sessions.rotate(second.tokens.refreshToken ?? undefined)).ok).toBe(true);
  });

  it('end at their absolute expiry: no request authenticates and no refresh extends them', async () => {
    const account = await createAccount(t.db);
    const tokens = await t.app.sessions.create(account.id);
    expect(await t.app.sessions.authenticate(tokens.accessToken)).not.toBeNull();
    await t.db
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authSessions.id, tokens.sessionId));
    expect(await t.app.sessions.authenticate(tokens.accessToken)).toBeNull();
    expect(await t.app.sessions.rotate(tokens.refreshToken)).toEqual({ ok: false, reason: 'expired' });
  });

  it('give refresh tokens no longer life than their session', async () => {
    const account = await createAccount(t.db);
    const tokens = await t.app.sessions.create(account.id);
    const sessionEnd = new Date(Date.now() + 60_000);
    await t.db
      .update(authSessions)
      .set({ expiresAt: sessionEnd })
      .where(eq(authSessions.id, tokens.sessionId));
    const next = await t.app.sessions.rotate(tokens.refreshToken);
    if (!next.ok || !next.tokens.refreshToken) throw new Error('rotation failed');
    const [row] = await t.db
      .select({ expiresAt: refreshTokens.expiresAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(next.tokens.refreshToken)));
    expect(row?.expiresAt.getTime()).toBe(sessionEnd.getTime());
  });

  it('refuses unknown refresh tokens', async () => {
    expect(await t.app.sessions.rotate('nope')).toEqual({ ok: false, reason: 'unknown' });
    expect(await t.app.sessions.rotate(undefined)).toEqual({ ok: false, reason: 'unknown' });
  });
});

describe('CSRF', () => {
  it('refuses a state-changing request without the header, and accepts it with the cookie value', async () => {
    const agent = createAgent(t.app);
    await agent.get('/api/health');
    const refused = await agent.post('/api/test/change', {}, { withoutCsrf: true });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('CSRF_FAILED');
    expect((await agent.post('/api/test/change')).json()).toEqual({ changed: true });
  });

  it('refuses a token forged or taken from another visitor', async () => {
    const victim = createAgent(t.app);
    const attacker = createAgent(t.app);
    await victim.get('/api/health');
    await attacker.get('/api/health');
    const stolen = attacker.jar.get('csrf_token') ?? '';
    victim.jar.set('csrf_token', stolen);
    expect((await victim.post('/api/test/change')).statusCode).toBe(403);
    victim.jar.set('csrf_token', 'abc.def');
    expect((await victim.post('/api/test/change')).statusCode).toBe(403);
  });

  it('binds the token to the session once signed in', async () => {
    const account = await createAccount(t.db);
    const agent = createAgent(t.app);
    await agent.get('/api/health');
    const guestToken = agent.jar.get('csrf_token');
    await agent.signInAs(account.id);
    agent.jar.set('csrf_token', guestToken ?? '');
    expect((await agent.post('/api/test/change')).statusCode).toBe(403);
    // The refused answer handed out a token for the session; the retry goes through.
    expect((await agent.post('/api/test/change')).statusCode).toBe(200);
  });
});

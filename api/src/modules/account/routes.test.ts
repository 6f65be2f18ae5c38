import type { ApiErrorBody, ProfileResponse } from 'contracts';
import { contractsLocales } from 'contracts/locales';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, authSessions, emailChangeTokens, mailOutbox } from '../../db/schema';
import { type Agent, createAgent } from '../../testing/agent';
import { createAccount } from '../../testing/builders';
import { testAppForFile } from '../../testing/create-test-app';
import { scaledRateLimits } from '../auth/rate-limits';
import { createRestoreService } from '../auth/service';

// No SMTP: mail lands in the outbox table only.
const t = testAppForFile({ rateLimits: scaledRateLimits(100) });

async function signedInTwice(overrides: Parameters<typeof createAccount>[1] = {}) {
  const account = await createAccount(t.db, overrides);
  const current = createAgent(t.app);
  await current.signInAs(account.id);
  const other = createAgent(t.app);
  await other.signInAs(account.id);
  return { account, current, other };
}

const login = (email: string, password: string) =>
  createAgent(t.app).post('/api/auth/login', { email, password });

const errorOf = (response: { json<T>(): T }) => response.json<ApiErrorBody>();

describe('GET /api/profile', () => {
  it('needs a session', async () => {
    const response = await createAgent(t.app).get('/api/profile');
    expect(response.statusCode).toBe(401);
    expect(errorOf(response).code).toBe('UNAUTHORIZED');
  });

  it('shows the account with its balance in rubles and kopecks', async () => {
    const account = await createAccount(t.db, { balanceKopecks: 123_456, login: 'Anna2024', role: 'admin' });
    const agent = createAgent(t.app);
    await agent.signInAs(account.id);
    const response = await agent.get('/api/profile');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json<ProfileResponse>()).toEqual({
      email: account.email,
      login: 'Anna2024',
      balance: 1234.56,
      balanceKopecks: 123_456,
      accountType: 'girl',
      accountRole: 'admin',
      locale: 'ru',
    });
  });
});

describe('PUT /api/profile/update/password', () => {
  it('refuses a wrong current password on that field', async () => {
    const { account, current } = await signedInTwice();
    const response = await current.put('/api/profile/update/password', {
      currentPassword: 'not-mine',
      newPassword: 'changed1',
      confirmPassword: 'changed1',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({
      code: 'WRONG_PASSWORD',
      message: 'Неверный пароль',
      fields: { currentPassword: 'errors.WRONG_PASSWORD' },
    });
    expect((await login(account.email, account.password)).statusCode).toBe(200);
  });

  it('refuses a confirmation that does not match', async () => {
    const { account, current } = await signedInTwice();
    const response = await current.put('/api/profile/update/password', {
      currentPassword: account.password,
      newPassword: 'changed1',
      confirmPassword: 'changed2',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({ confirmPassword: 'validation.noConfirm' });
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const { account, current, other } = await signedInTwice();
    const response = await current.put('/api/profile/update/password', {
      currentPassword: account.password,
      newPassword: 'changed1',
      confirmPassword: 'changed1',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<ProfileResponse>().email).toBe(account.email);
    expect((await current.get('/api/profile')).statusCode).toBe(200);
    expect((await other.get('/api/profile')).statusCode).toBe(401);
    expect((await login(account.email, account.password)).statusCode).toBe(401);
    expect((await login(account.email, 'changed1')).statusCode).toBe(200);
    const revoked = await t.db
      .select()
      .from(authSessions)
      .where(and(eq(authSessions.accountId, account.id), eq(authSessions.revokedReason, 'password_changed')));
    expect(revoked).toHaveLength(1);
  });
});

describe('PUT /api/profile/update/password: links and lengths', () => {
  it('uses up the restore links mailed before the change', async () => {
    const { account, current } = await signedInTwice();
    const token = await createRestoreService(t.db).issue(account.id);
    const changed = await current.put('/api/profile/update/password', {
      currentPassword: account.password,
      newPassword: 'changed-again',
      confirmPassword: 'changed-again',
    });
    expect(changed.statusCode).toBe(200);
    const restore = await createAgent(t.app).post('/api/auth/restore-password', {
      newPassword: 'someone-else',
      token,
    });
    expect(restore.statusCode).toBe(400);
    expect(errorOf(restore).code).toBe('LINK_INVALID');
    expect((await login(account.email, 'changed-again')).statusCode).toBe(200);
  });

  it('accepts any current password, and needs 6 characters for the new one, kept as typed', async () => {
    const { account, current } = await signedInTwice({ password: 'old1' });
    expect((await login(account.email, 'old1')).statusCode).toBe(200);
    const short = await current.put('/api/profile/update/password', {
      currentPassword: 'old1',
      newPassword: 'lant5',
      confirmPassword: 'lant5',
    });
    expect(short.statusCode).toBe(400);
    expect(errorOf(short).fields).toEqual({ newPassword: 'validation.passwordTooShort' });
    const ok = await current.put('/api/profile/update/password', {
      currentPassword: 'old1',
      newPassword: ' six 6',
      confirmPassword: ' six 6',
    });
    expect(ok.statusCode).toBe(200);
    expect((await login(account.email, ' six 6')).statusCode).toBe(200);
  });

  it('refuses a common new password in the request language and changes nothing', async () => {
    const { account, current, other } = await signedInTwice({ password: 'password' });
    const common = await current.put(
      '/api/profile/update/password',
      { currentPassword: 'password', newPassword: 'ILoveYou1', confirmPassword: 'ILoveYou1' },
      { headers: { 'accept-language': 'en' } },
    );
    expect(common.statusCode).toBe(400);
    expect(errorOf(common)).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: contractsLocales.en.validation.passwordTooCommon,
      fields: { newPassword: 'validation.passwordTooCommon' },
    });
    // The account keeps its (common, older) password and its other sessions.
    expect((await login(account.email, 'password')).statusCode).toBe(200);
    expect((await login(account.email, 'ILoveYou1')).statusCode).toBe(401);
    expect((await other.get('/api/profile')).statusCode).toBe(200);
  });
});

describe('PUT /api/profile/update/email', () => {
  /** The latest mail of `kind` to `to`, as the outbox holds it (no SMTP here). */
  async function mailTo(to: string, kind: string) {
    await t.app.mail.idle();
    const rows = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, to), eq(mailOutbox.kind, kind)));
    return rows.at(-1) ?? null;
  }

  const tokenIn = (text: string) => {
    const link = /(https?:\/\/\S+\/confirm-email\?token=\S+)/.exec(text)?.[1];
    if (!link) throw new Error(`no confirmation link in: ${text}`);
    return new URL(link).searchParams.get('token') ?? '';
  };

  const confirm = (token: string, agent = createAgent(t.app)) =>
    agent.post('/api/profile/confirm-email', { token });

  it('changes nothing until the new address confirms by its link; then the address moves and other sessions end', async () => {
    const { account, current, other } = await signedInTwice({ locale: 'en' });
    const newEmail = `moved-${Date.now()}@example.test`;
    const response = await current.put('/api/profile/update/email', {
      email: newEmail,
      password: account.password,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ confirmationSent: true, expiresInSeconds: 24 * 60 * 60 });
    expect((await current.get('/api/profile')).json<ProfileResponse>().email).toBe(account.email);
    expect((await login(account.email, account.password)).statusCode).toBe(200);

    // The old address is told at once; the new one gets the link (stored hashed only).
    const requested = await mailTo(account.email, 'email_change_requested');
    expect(requested).toMatchObject({ locale: 'en' });
    expect(requested?.textBody).toContain(newEmail);
    const confirmation = await mailTo(newEmail, 'email_change_confirm');
    const token = tokenIn(confirmation?.textBody ?? '');
    const [stored] = await t.db
      .select()
      .from(emailChangeTokens)
      .where(eq(emailChangeTokens.accountId, account.id));
    expect(stored?.tokenHash).not.toBe(token);
    expect(stored?.newEmail).toBe(newEmail);

    const confirmed = await confirm(token, current);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ ok: true });
    expect((await current.get('/api/profile')).json<ProfileResponse>().email).toBe(newEmail);
    expect((await other.get('/api/profile')).statusCode).toBe(401);
    const changed = await mailTo(account.email, 'email_changed');
    expect(changed?.textBody).toContain(newEmail);
    expect((await login(account.email, account.password)).statusCode).toBe(401);
    expect((await login(newEmail, account.password)).statusCode).toBe(200);

    // Single use.
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(errorOf(again).code).toBe('LINK_INVALID');
  });

  it('answers an address another account has exactly like a free one, tells its owner and changes nothing', async () => {
    const taken = await createAccount(t.db, { locale: 'en', accountType: 'advister' });
    const { account, current } = await signedInTwice();
    const free = await current.put('/api/profile/update/email', {
      email: `free-${Date.now()}@example.test`,
      password: account.password,
    });
    const response = await current.put('/api/profile/update/email', {
      email: taken.email.toUpperCase(),
      password: account.password,
    });
    expect(response.statusCode).toBe(free.statusCode);
    expect(response.body).toBe(free.body);

    const notice = await mailTo(taken.email, 'email_in_use');
    expect(notice).toMatchObject({ locale: 'en' });
    expect(notice?.textBody).toContain('/login/advister');
    expect(await mailTo(taken.email.toUpperCase(), 'email_change_confirm')).toBeNull();
    expect(await mailTo(taken.email, 'email_change_confirm')).toBeNull();
    const pending = await t.db
      .select()
      .from(emailChangeTokens)
      .where(sql`lower(${emailChangeTokens.newEmail}) = lower(${taken.email})`);
    expect(pending).toHaveLength(0);
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(row?.email).toBe(account.email);
  });

  it('refuses an expired link, an earlier link once a newer one was asked for, and a link after a password change', async () => {
    const { account, current } = await signedInTwice();
    const ask = async (email: string) => {
      expect(
        (await current.put('/api/profile/update/email', { email, password: account.password })).statusCode,
      ).toBe(200);
      return tokenIn((await mailTo(email, 'email_change_confirm'))?.textBody ?? '');
    };
    const first = await ask(`first-${Date.now()}@example.test`);
    const second = await ask(`second-${Date.now()}@example.test`);
    expect(errorOf(await confirm(first)).code).toBe('LINK_INVALID');

    await t.db
      .update(emailChangeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailChangeTokens.accountId, account.id));
    expect(errorOf(await confirm(second)).code).toBe('LINK_INVALID');

    const third = await ask(`third-${Date.now()}@example.test`);
    const changed = await current.put('/api/profile/update/password', {
      currentPassword: account.password,
      newPassword: 'changed-pass',
      confirmPassword: 'changed-pass',
    });
    expect(changed.statusCode).toBe(200);
    expect(errorOf(await confirm(third)).code).toBe('LINK_INVALID');
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, account.id));
    expect(row?.email).toBe(account.email);
  });

  it('refuses a wrong password on the password field', async () => {
    const { current } = await signedInTwice();
    const response = await current.put('/api/profile/update/email', {
      email: 'elsewhere@example.test',
      password: 'not-mine',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).fields).toEqual({ password: 'errors.WRONG_PASSWORD' });
  });
});

describe('PUT /api/profile/update/login', () => {
  const setLogin = (agent: Agent, login: string, confirmLogin = login) =>
    agent.put('/api/profile/update/login', { login, confirmLogin });

  it('sets a login of latin letters and digits', async () => {
    const { current } = await signedInTwice();
    const login = `Model${Date.now()}`;
    const response = await setLogin(current, login);
    expect(response.statusCode).toBe(200);
    expect(response.json<ProfileResponse>().login).toBe(login);
    // The same login in another case is still this account's own.
    expect((await setLogin(current, login.toLowerCase())).json<ProfileResponse>().login).toBe(
      login.toLowerCase(),
    );
  });

  it('refuses a login another account has, whatever its case', async () => {
    const owner = await createAccount(t.db, { login: `Taken${Date.now()}` });
    const { current } = await signedInTwice();
    const response = await setLogin(current, owner.login?.toUpperCase() ?? '');
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('LOGIN_TAKEN');
  });

  it('refuses other characters and a confirmation that does not match', async () => {
    const { current } = await signedInTwice();
    expect(errorOf(await setLogin(current, 'анна')).fields).toMatchObject({
      login: 'validation.loginLatinDigits',
    });
    expect(errorOf(await setLogin(current, 'anna', 'anne')).fields).toEqual({
      confirmLogin: 'validation.loginMismatch',
    });
  });

  it('needs a session', async () => {
    const response = await setLogin(createAgent(t.app), 'anna');
    expect(response.statusCode).toBe(401);
  });
});

describe('development pages', () => {
  it('are not served unless the app is built with devPages', async () => {
    expect((await createAgent(t.app).get('/api/dev/mail')).statusCode).toBe(404);
    expect((await createAgent(t.app).get('/api/dev/mail.json')).statusCode).toBe(404);
  });
});

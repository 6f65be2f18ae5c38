import type { ApiErrorBody, ProfileResponse } from 'contracts';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts, authSessions, mailOutbox } from '../../db/schema';
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

  it('accepts a current password set under the old 6-character rule, and needs 8 for the new one', async () => {
    const { account, current } = await signedInTwice({ password: 'old123' });
    expect((await login(account.email, 'old123')).statusCode).toBe(200);
    const short = await current.put('/api/profile/update/password', {
      currentPassword: 'old123',
      newPassword: 'seven77',
      confirmPassword: 'seven77',
    });
    expect(short.statusCode).toBe(400);
    expect(errorOf(short).fields).toEqual({ newPassword: 'validation.passwordTooShort' });
    const ok = await current.put('/api/profile/update/password', {
      currentPassword: 'old123',
      newPassword: ' eight 8 ',
      confirmPassword: ' eight 8 ',
    });
    expect(ok.statusCode).toBe(200);
    expect((await login(account.email, ' eight 8 ')).statusCode).toBe(200);
  });
});

describe('PUT /api/profile/update/email', () => {
  it('changes the e-mail, tells the old address and ends other sessions', async () => {
    const { account, current, other } = await signedInTwice({ locale: 'en' });
    const newEmail = `moved-${Date.now()}@example.test`;
    const response = await current.put('/api/profile/update/email', {
      email: newEmail,
      password: account.password,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json<ProfileResponse>().email).toBe(newEmail);
    expect((await current.get('/api/profile')).json<ProfileResponse>().email).toBe(newEmail);
    expect((await other.get('/api/profile')).statusCode).toBe(401);

    await t.app.mail.idle();
    const notices = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, account.email));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ kind: 'email_changed', locale: 'en', sentAt: null });
    expect(notices[0]?.textBody).toContain(newEmail);

    expect((await login(account.email, account.password)).statusCode).toBe(401);
    expect((await login(newEmail, account.password)).statusCode).toBe(200);
  });

  it('refuses an address another account has, whatever its case', async () => {
    const taken = await createAccount(t.db);
    const { account, current } = await signedInTwice();
    const response = await current.put('/api/profile/update/email', {
      email: taken.email.toUpperCase(),
      password: account.password,
    });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('EMAIL_EXISTS');
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

import type { ApiErrorBody, OkResponse } from 'contracts';
import { contractsLocales } from 'contracts/locales';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions, mailOutbox, passwordResetTokens } from '../../db/schema';
import { type Agent, createAgent } from '../../testing/agent';
import { createAccount } from '../../testing/builders';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { type SmtpCapture, startSmtpCapture } from '../../testing/smtp-capture';
import { scaledRateLimits } from './rate-limits';
import { createEmailChangeService } from './service';

const PUBLIC_URL = 'https://anketa.example';
let t: TestApp;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await createTestApp({ smtpUrl: smtp.url, publicUrl: PUBLIC_URL, rateLimits: scaledRateLimits(100) });
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const login = (agent: Agent, email: string, password: string) =>
  agent.post('/api/auth/login', { email, password });

/** Asks for a restore link and reads its token from the mail, as the person would click it. */
async function tokenFromMail(email: string, headers: Record<string, string> = {}) {
  const before = smtp.countTo(email);
  const response = await createAgent(t.app).post('/api/auth/send-restore-link', { email }, { headers });
  expect(response.statusCode).toBe(200);
  const mail = await smtp.waitFor(email, { after: before });
  const link = /(https?:\/\/\S+)/.exec(mail.text)?.[1] ?? '';
  const url = new URL(link);
  expect(`${url.origin}${url.pathname}`).toBe(`${PUBLIC_URL}/restore-password`);
  return { token: url.searchParams.get('token') ?? '', mail };
}

describe('password restore', () => {
  it('mails a one-time link; the new password works and every old session ends', async () => {
    const account = await createAccount(t.db);
    const laptop = createAgent(t.app);
    expect((await login(laptop, account.email, account.password)).statusCode).toBe(200);
    const phone = createAgent(t.app);
    await phone.signInAs(account.id);

    const { token, mail } = await tokenFromMail(account.email, { 'accept-language': 'en' });
    expect(mail.subject).toBe('Password recovery — Anketa');
    expect(mail.text).toContain('60 minutes');
    const [stored] = await t.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.accountId, account.id));
    expect(stored?.tokenHash).not.toBe(token);

    const restored = await createAgent(t.app).post('/api/auth/restore-password', {
      newPassword: 'brand-new-1',
      token,
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json<OkResponse>()).toEqual({ ok: true });

    expect((await laptop.get('/api/profile')).statusCode).toBe(401);
    expect((await phone.get('/api/profile')).statusCode).toBe(401);
    expect((await laptop.post('/api/auth/refresh')).statusCode).toBe(401);
    const sessions = await t.db.select().from(authSessions).where(eq(authSessions.accountId, account.id));
    expect(sessions.map((s) => s.revokedReason)).toEqual(['password_restored', 'password_restored']);

    expect((await login(createAgent(t.app), account.email, account.password)).statusCode).toBe(401);
    expect((await login(createAgent(t.app), account.email, 'brand-new-1')).statusCode).toBe(200);
  });

  it('refuses a link the second time', async () => {
    const account = await createAccount(t.db);
    const { token } = await tokenFromMail(account.email);
    const agent = createAgent(t.app);
    expect(
      (await agent.post('/api/auth/restore-password', { newPassword: 'first-pass', token })).statusCode,
    ).toBe(200);
    const reuse = await agent.post('/api/auth/restore-password', { newPassword: 'second-pass', token });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json<ApiErrorBody>().code).toBe('LINK_INVALID');
    expect((await login(createAgent(t.app), account.email, 'first-pass')).statusCode).toBe(200);
  });

  it('refuses an expired or unknown link, and the other links of an account once one was used', async () => {
    const account = await createAccount(t.db);
    const { token: expired } = await tokenFromMail(account.email);
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.accountId, account.id));
    const agent = createAgent(t.app);
    for (const token of [expired, 'x'.repeat(43)]) {
      const response = await agent.post('/api/auth/restore-password', { newPassword: 'whatever1', token });
      expect(response.statusCode).toBe(400);
      expect(response.json<ApiErrorBody>().code).toBe('LINK_INVALID');
    }

    // Using one link uses up the account's other links too.
    const another = await createAccount(t.db);
    const first = await tokenFromMail(another.email);
    const second = await tokenFromMail(another.email);
    expect(
      (await agent.post('/api/auth/restore-password', { newPassword: 'whatever1', token: second.token }))
        .statusCode,
    ).toBe(200);
    const stale = await agent.post('/api/auth/restore-password', {
      newPassword: 'whatever2',
      token: first.token,
    });
    expect(stale.json<ApiErrorBody>().code).toBe('LINK_INVALID');
  });

  it('ends a pending e-mail change: whoever asked for it knew the old password', async () => {
    const account = await createAccount(t.db);
    const pending = await createEmailChangeService(t.db).issue(
      account.id,
      `taker-${Date.now()}@example.test`,
    );
    const { token } = await tokenFromMail(account.email);
    expect(
      (await createAgent(t.app).post('/api/auth/restore-password', { newPassword: 'mine-again', token }))
        .statusCode,
    ).toBe(200);
    const confirm = await createAgent(t.app).post('/api/profile/confirm-email', { token: pending });
    expect(confirm.statusCode).toBe(400);
    expect(confirm.json<ApiErrorBody>().code).toBe('LINK_INVALID');
  });

  it('answers an unknown address exactly like a known one and sends nothing', async () => {
    const account = await createAccount(t.db);
    const known = await createAgent(t.app).post('/api/auth/send-restore-link', { email: account.email });
    const unknown = await createAgent(t.app).post('/api/auth/send-restore-link', {
      email: 'nobody-at-all@example.test',
    });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(unknown.json<OkResponse>()).toEqual({ ok: true });
    await t.app.mail.idle();
    expect(smtp.countTo('nobody-at-all@example.test')).toBe(0);
    expect(smtp.countTo(account.email)).toBe(1);
    const [outbox] = await t.db
      .select({ n: count() })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, 'nobody-at-all@example.test'));
    expect(outbox?.n).toBe(0);
  });

  it('removes whitespace from the new password before checking and storing it, as the form does', async () => {
    const account = await createAccount(t.db);
    const { token } = await tokenFromMail(account.email);
    const response = await createAgent(t.app).post('/api/auth/restore-password', {
      newPassword: ' new pass\t7 ',
      token,
    });
    expect(response.statusCode).toBe(200);
    expect((await login(createAgent(t.app), account.email, 'newpass7')).statusCode).toBe(200);
    expect((await login(createAgent(t.app), account.email, ' new pass\t7 ')).statusCode).toBe(401);
  });

  it('refuses a new password under 6 characters without whitespace, keeps the link, and takes 6', async () => {
    const account = await createAccount(t.db);
    const { token } = await tokenFromMail(account.email);
    const agent = createAgent(t.app);
    const short = await agent.post('/api/auth/restore-password', { newPassword: 'la nt 5', token });
    expect(short.statusCode).toBe(400);
    expect(short.json<ApiErrorBody>().fields).toEqual({ newPassword: 'validation.passwordTooShort' });
    expect((await login(createAgent(t.app), account.email, account.password)).statusCode).toBe(200);
    expect(
      (await agent.post('/api/auth/restore-password', { newPassword: 'lant6x', token })).statusCode,
    ).toBe(200);
    expect((await login(createAgent(t.app), account.email, 'lant6x')).statusCode).toBe(200);
  });

  it('refuses a common new password in the request language, keeps the old password and the link', async () => {
    const account = await createAccount(t.db);
    const { token } = await tokenFromMail(account.email);
    const agent = createAgent(t.app);
    const common = await agent.post(
      '/api/auth/restore-password',
      { newPassword: 'Sunshine 1', token },
      { headers: { 'accept-language': 'en' } },
    );
    expect(common.statusCode).toBe(400);
    expect(common.json<ApiErrorBody>()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: contractsLocales.en.validation.passwordTooCommon,
      fields: { newPassword: 'validation.passwordTooCommon' },
    });
    expect((await login(createAgent(t.app), account.email, account.password)).statusCode).toBe(200);
    expect((await login(createAgent(t.app), account.email, 'sunshine1')).statusCode).toBe(401);
    expect(
      (await agent.post('/api/auth/restore-password', { newPassword: 'lant6x', token })).statusCode,
    ).toBe(200);
  });

  it('checks the new password before the token', async () => {
    const response = await createAgent(t.app).post('/api/auth/restore-password', {
      newPassword: ' 1 2 3 ',
      token: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>().fields).toEqual({
      newPassword: 'validation.passwordTooShort',
      token: 'validation.invalidOrExpiredLink',
    });
  });
});

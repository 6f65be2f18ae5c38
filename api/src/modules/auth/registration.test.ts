import type { ApiErrorBody, ProfileResponse, RegistrationCodeSentResponse } from 'contracts';
import { contractsLocales } from 'contracts/locales';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, mailOutbox, promoCodes, registrationRequests } from '../../db/schema';
import { type Agent, createAgent } from '../../testing/agent';
import { createAccount } from '../../testing/builders';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { type SmtpCapture, startSmtpCapture } from '../../testing/smtp-capture';
import { scaledRateLimits } from './rate-limits';
import { hashCode } from './service';

let t: TestApp;
let smtp: SmtpCapture;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  // Many registrations from one address: the limits themselves are tested in rate-limits.test.ts.
  t = await createTestApp({ smtpUrl: smtp.url, rateLimits: scaledRateLimits(100) });
  await t.db.insert(promoCodes).values([
    {
      code: 'SPRING',
      descriptionRu: 'Бонус 150 ₽',
      descriptionEn: '150 ₽ bonus',
      promoType: 'BALANCE_AMOUNT',
      amount: 150,
      accountType: 'advister',
    },
    {
      code: 'LASTONE',
      descriptionRu: 'Бонус 50 ₽',
      descriptionEn: '50 ₽ bonus',
      promoType: 'BALANCE_AMOUNT',
      amount: 50,
      maxActivations: 1,
    },
  ]);
});

afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

let sequence = 0;
const newEmail = () => `reg${++sequence}-${Date.now()}@example.test`;

const codeIn = (text: string) => {
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code in: ${text}`);
  return code;
};

async function sendCode(agent: Agent, email: string, extra: Record<string, unknown> = {}, headers = {}) {
  return agent.post(
    '/api/auth/send-registration-code',
    { email, password: 'secret123', accountType: 'girl', ...extra },
    { headers },
  );
}

/** Sends a registration and reads the code from the mail the SMTP server received. */
async function codeFor(agent: Agent, email: string, extra: Record<string, unknown> = {}) {
  const before = smtp.countTo(email);
  const response = await sendCode(agent, email, extra);
  expect(response.statusCode).toBe(200);
  return codeIn((await smtp.waitFor(email, { after: before })).text);
}

const verify = (agent: Agent, email: string, code: string) =>
  agent.post('/api/auth/verify-registration-code', { email, code });

async function accountsWith(email: string): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(accounts)
    .where(sql`lower(${accounts.email}) = lower(${email})`);
  return row?.n ?? 0;
}

describe('registration by e-mail code', () => {
  it('mails a code over SMTP, creates the account from it, credits its promo code and signs it in', async () => {
    const agent = createAgent(t.app);
    const email = newEmail();
    const sent = await sendCode(
      agent,
      email,
      { accountType: 'advister', promoCode: ' spring ' },
      { 'accept-language': 'en-GB,en;q=0.9' },
    );
    expect(sent.statusCode).toBe(200);
    expect(sent.json<RegistrationCodeSentResponse>()).toEqual({
      resendAvailableInSeconds: 60,
      expiresInSeconds: 600,
    });

    const mail = await smtp.waitFor(email);
    expect(mail.subject).toContain('Anketa');
    expect(mail.text).toContain('10 minutes');
    const code = codeIn(mail.text);
    const [outbox] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(outbox).toMatchObject({ kind: 'registration_code', locale: 'en' });
    expect(outbox?.sentAt).toBeInstanceOf(Date);

    // The code is stored hashed, and the registration keeps the promo code as typed, upper-cased.
    const [pending] = await t.db
      .select()
      .from(registrationRequests)
      .where(eq(registrationRequests.email, email));
    expect(pending?.codeHash).not.toContain(code);
    expect(pending?.promoCode).toBe('SPRING');
    expect(await accountsWith(email)).toBe(0);

    const wrong = await verify(agent, email, code === '000000' ? '111111' : '000000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ApiErrorBody>().code).toBe('INVALID_CODE');

    const verified = await verify(agent, email, code.replace(/(\d{3})/, '$1 '));
    expect(verified.statusCode).toBe(200);
    const expected: ProfileResponse = {
      email,
      login: null,
      balance: 150,
      balanceKopecks: 15_000,
      accountType: 'advister',
      accountRole: 'user',
      locale: 'en',
    };
    expect(verified.json<ProfileResponse>()).toEqual(expected);
    expect(agent.jar.has('access_token')).toBe(true);
    expect(agent.jar.has('refresh_token')).toBe(true);

    const profile = await agent.get('/api/profile');
    expect(profile.statusCode).toBe(200);
    expect(profile.json<ProfileResponse>()).toEqual(expected);

    const [account] = await t.db.select().from(accounts).where(eq(accounts.email, email));
    expect(account?.passwordHash).toMatch(/^\$argon2id\$/);
    const [consumed] = await t.db
      .select()
      .from(registrationRequests)
      .where(eq(registrationRequests.email, email));
    expect(consumed?.consumedAt).toBeInstanceOf(Date);

    // The code is used up: sending it again signs nobody in.
    const again = await verify(createAgent(t.app), email, code);
    expect(again.json<ApiErrorBody>().code).toBe('INVALID_CODE');
  });

  it('writes the mail in Russian by default', async () => {
    const email = newEmail();
    await sendCode(createAgent(t.app), email);
    const mail = await smtp.waitFor(email);
    expect(mail.subject).toContain('Анкета');
    expect(mail.text).toContain('Код действует 10 минут');
  });

  it('refuses a promo code the public check refuses, before any mail', async () => {
    const email = newEmail();
    const unknown = await sendCode(createAgent(t.app), email, { promoCode: 'NOSUCHCODE' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ApiErrorBody>().code).toBe('PROMO_INVALID');
    const otherType = await sendCode(createAgent(t.app), email, { promoCode: 'spring', accountType: 'girl' });
    expect(otherType.statusCode).toBe(403);
    expect(otherType.json<ApiErrorBody>().code).toBe('PROMO_NOT_FOR_ROLE');
    expect(smtp.countTo(email)).toBe(0);
  });

  it('still creates the account when its promo code ran out in the meantime', async () => {
    const agent = createAgent(t.app);
    const first = newEmail();
    const second = newEmail();
    const firstCode = await codeFor(agent, first, { promoCode: 'LASTONE' });
    const secondCode = await codeFor(agent, second, { promoCode: 'LASTONE' });
    const winner = await verify(createAgent(t.app), first, firstCode);
    expect(winner.json<ProfileResponse>().balanceKopecks).toBe(5000);
    const late = await verify(createAgent(t.app), second, secondCode);
    expect(late.statusCode).toBe(200);
    expect(late.json<ProfileResponse>().balanceKopecks).toBe(0);
  });

  it('reports a mail the SMTP server refused, and lets the person try again at once', async () => {
    const agent = createAgent(t.app);
    const email = newEmail();
    smtp.refuse(email);
    const refused = await sendCode(agent, email);
    expect(refused.statusCode).toBe(503);
    expect(refused.json<ApiErrorBody>().code).toBe('EMAIL_SEND_FAILED');
    const [outbox] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(outbox?.sentAt).toBeNull();
    expect(outbox?.error).toContain('mailbox unavailable');

    smtp.refuse(email, false);
    expect(await codeFor(agent, email)).toMatch(/^\d{6}$/);
  });

  it('answers an address already registered exactly like a new one, and mails its owner a notice instead of a code', async () => {
    const existing = await createAccount(t.db, { locale: 'en', accountType: 'advister' });
    const headers = { 'accept-language': 'ru' };
    const fresh = await sendCode(createAgent(t.app), newEmail(), {}, headers);
    const agent = createAgent(t.app);
    const known = await sendCode(agent, existing.email.toUpperCase(), {}, headers);
    expect(known.statusCode).toBe(fresh.statusCode);
    expect(known.body).toBe(fresh.body);

    // In the account's language, with the ways back in; no code.
    const mail = await smtp.waitFor(existing.email);
    expect(mail.subject).toContain('Anketa');
    expect(mail.text).toContain(`${t.app.mail.publicUrl}/login/advister`);
    expect(mail.text).toContain(`${t.app.mail.publicUrl}/forgot-password`);
    expect(mail.text).not.toMatch(/\b\d{6}\b/);
    const [outbox] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, existing.email));
    expect(outbox).toMatchObject({ kind: 'registration_attempt', locale: 'en' });

    // The code step fails as for a wrong code, even if the stored code were guessed.
    const wrong = await verify(agent, existing.email, '123456');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ApiErrorBody>().code).toBe('INVALID_CODE');
    await t.db
      .update(registrationRequests)
      .set({ codeHash: hashCode('654321') })
      .where(sql`lower(${registrationRequests.email}) = lower(${existing.email})`);
    const guessed = await verify(agent, existing.email, '654321');
    expect(guessed.statusCode).toBe(400);
    expect(guessed.json<ApiErrorBody>().code).toBe('INVALID_CODE');
    expect(await accountsWith(existing.email)).toBe(1);
  });

  it('holds an address already registered to the same cooldown, and a resend mails the notice again', async () => {
    const existing = await createAccount(t.db);
    const agent = createAgent(t.app);
    expect((await sendCode(agent, existing.email)).statusCode).toBe(200);
    await smtp.waitFor(existing.email);
    expect((await sendCode(agent, existing.email)).statusCode).toBe(429);
    expect(
      (await agent.post('/api/auth/resend-registration-code', { email: existing.email })).statusCode,
    ).toBe(429);
    await t.db
      .update(registrationRequests)
      .set({ lastSentAt: new Date(Date.now() - 61_000) })
      .where(eq(registrationRequests.email, existing.email));
    const resent = await agent.post('/api/auth/resend-registration-code', { email: existing.email });
    expect(resent.statusCode).toBe(200);
    const again = await smtp.waitFor(existing.email, { after: 1 });
    expect(again.text).not.toMatch(/\b\d{6}\b/);
    expect(again.text).toContain('/forgot-password');
  });

  it('ends the registration after five wrong codes', async () => {
    const agent = createAgent(t.app);
    const email = newEmail();
    const code = await codeFor(agent, email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let attempt = 1; attempt <= 5; attempt++) {
      const response = await verify(agent, email, wrong);
      expect(response.statusCode).toBe(400);
      expect(response.json<ApiErrorBody>().code).toBe('INVALID_CODE');
    }
    const right = await verify(agent, email, code);
    expect(right.statusCode).toBe(400);
    expect(right.json<ApiErrorBody>().code).toBe('INVALID_CODE');
    expect(await accountsWith(email)).toBe(0);

    // Nothing is left to resend to: the person registers again.
    const resend = await agent.post('/api/auth/resend-registration-code', { email });
    expect(resend.statusCode).toBe(200);
    await t.app.mail.idle();
    expect(smtp.countTo(email)).toBe(1);
  });

  it('refuses an expired code', async () => {
    const agent = createAgent(t.app);
    const email = newEmail();
    const code = await codeFor(agent, email);
    await t.db
      .update(registrationRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(registrationRequests.email, email));
    const response = await verify(agent, email, code);
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>().code).toBe('INVALID_CODE');
    expect(await accountsWith(email)).toBe(0);
  });

  it('resends only after the cooldown, with the seconds left, and the new code replaces the old', async () => {
    const agent = createAgent(t.app);
    const email = newEmail();
    const oldCode = await codeFor(agent, email);

    const early = await agent.post('/api/auth/resend-registration-code', { email });
    expect(early.statusCode).toBe(429);
    const body = early.json<ApiErrorBody>();
    expect(body.code).toBe('RATE_LIMITED');
    expect(body.retryAfter).toBeGreaterThan(50);
    expect(body.retryAfter).toBeLessThanOrEqual(60);
    expect(early.headers['retry-after']).toBe(String(body.retryAfter));

    // Starting over is held to the same cooldown, or it would be a way around it.
    const restart = await sendCode(agent, email);
    expect(restart.statusCode).toBe(429);

    await t.db
      .update(registrationRequests)
      .set({ lastSentAt: new Date(Date.now() - 61_000) })
      .where(eq(registrationRequests.email, email));
    const resent = await agent.post('/api/auth/resend-registration-code', { email: email.toUpperCase() });
    expect(resent.statusCode).toBe(200);
    expect(resent.json<RegistrationCodeSentResponse>().resendAvailableInSeconds).toBe(60);
    const newCode = codeIn((await smtp.waitFor(email, { after: 1 })).text);

    if (newCode !== oldCode) {
      const stale = await verify(agent, email, oldCode);
      expect(stale.json<ApiErrorBody>().code).toBe('INVALID_CODE');
    }
    expect((await verify(agent, email, newCode)).statusCode).toBe(200);
  });

  it('answers a resend for an unknown address like any other and sends nothing', async () => {
    const email = newEmail();
    const response = await createAgent(t.app).post('/api/auth/resend-registration-code', { email });
    expect(response.statusCode).toBe(200);
    expect(response.json<RegistrationCodeSentResponse>()).toEqual({
      resendAvailableInSeconds: 60,
      expiresInSeconds: 600,
    });
    await t.app.mail.idle();
    expect(smtp.countTo(email)).toBe(0);
    const [stored] = await t.db
      .select({ n: count() })
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, email));
    expect(stored?.n).toBe(0);
  });

  it('creates one account when the same code is verified twice at once', async () => {
    const email = newEmail();
    const code = await codeFor(createAgent(t.app), email);
    const [first, second] = await Promise.all([
      verify(createAgent(t.app), email, code),
      verify(createAgent(t.app), email, code),
    ]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 400]);
    expect(await accountsWith(email)).toBe(1);
  });

  it('takes an uncommon password of 6 characters, refuses one of 5, and keeps it as typed', async () => {
    const short = await sendCode(createAgent(t.app), newEmail(), { password: 'lant5' });
    expect(short.statusCode).toBe(400);
    expect(short.json<ApiErrorBody>().fields).toEqual({ password: 'validation.passwordTooShort' });

    for (const password of ['lant6x', ' pass phrase ']) {
      const agent = createAgent(t.app);
      const email = newEmail();
      const code = await codeFor(agent, email, { password });
      expect((await verify(agent, email, code)).statusCode).toBe(200);
      const signIn = await createAgent(t.app).post('/api/auth/login', { email, password });
      expect(signIn.statusCode, password).toBe(200);
    }
  });

  it('refuses a common password in any letter case, in the request language, and sends and stores nothing', async () => {
    for (const [password, language] of [
      ['qwerty123', 'en'],
      ['Password1', 'ru'],
    ] as const) {
      const email = newEmail();
      const response = await sendCode(
        createAgent(t.app),
        email,
        { password },
        { 'accept-language': language },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json<ApiErrorBody>()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: contractsLocales[language].validation.passwordTooCommon,
        fields: { password: 'validation.passwordTooCommon' },
      });
      const [stored] = await t.db
        .select({ n: count() })
        .from(registrationRequests)
        .where(eq(registrationRequests.email, email));
      expect(stored?.n).toBe(0);
      await t.app.mail.idle();
      expect(smtp.countTo(email)).toBe(0);
    }
  });

  it('refuses bad input field by field and stores nothing', async () => {
    const email = 'not-an-email';
    const response = await createAgent(t.app).post('/api/auth/send-registration-code', {
      email,
      password: '123',
      accountType: 'admin',
      promoCode: 'ab',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<ApiErrorBody>().fields).toEqual({
      email: 'validation.invalidEmail',
      password: 'validation.passwordTooShort',
      accountType: 'validation.invalidAccountType',
      promoCode: 'validation.promoTooShort',
    });
    const [stored] = await t.db
      .select({ n: count() })
      .from(registrationRequests)
      .where(eq(registrationRequests.email, email));
    expect(stored?.n).toBe(0);
  });

  it('refuses a registration sent without the CSRF header', async () => {
    const response = await createAgent(t.app).post(
      '/api/auth/send-registration-code',
      { email: newEmail(), password: 'secret123', accountType: 'girl' },
      { withoutCsrf: true },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json<ApiErrorBody>().code).toBe('CSRF_FAILED');
  });
});

describe('the resend cooldown test hook (AUTH_RESEND_COOLDOWN_SECONDS, for the browser journey)', () => {
  let short: TestApp | undefined;
  afterAll(async () => {
    await short?.close();
  });

  it('is the wait the answer announces and the resend is held to, instead of 60 s', async () => {
    short = await createTestApp({
      smtpUrl: smtp.url,
      rateLimits: scaledRateLimits(100),
      authResendCooldownSeconds: 2,
    });
    const agent = createAgent(short.app);
    const email = newEmail();
    const sent = await sendCode(agent, email);
    expect(sent.json<RegistrationCodeSentResponse>().resendAvailableInSeconds).toBe(2);

    const early = await agent.post('/api/auth/resend-registration-code', { email });
    expect(early.statusCode).toBe(429);
    expect(early.json<ApiErrorBody>().retryAfter).toBeLessThanOrEqual(2);

    await short.db
      .update(registrationRequests)
      .set({ lastSentAt: new Date(Date.now() - 2_100) })
      .where(eq(registrationRequests.email, email));
    const resent = await agent.post('/api/auth/resend-registration-code', { email });
    expect(resent.statusCode).toBe(200);
    expect(resent.json<RegistrationCodeSentResponse>().resendAvailableInSeconds).toBe(2);
  });
});

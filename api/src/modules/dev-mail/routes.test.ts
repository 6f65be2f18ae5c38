import type { DevMailResponse } from 'contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../../db/schema';
import { createAgent } from '../../testing/agent';
import { createAccount } from '../../testing/builders';
import { createTestApp, type TestApp } from '../../testing/create-test-app';
import { scaledRateLimits } from '../auth/rate-limits';

let t: TestApp;

beforeAll(async () => {
  // The embedded default of development: no SMTP, mail in the outbox, on the console and on a page.
  t = await createTestApp({
    devPages: true,
    mailToConsole: true,
    publicUrl: 'http://localhost:5000/',
    rateLimits: scaledRateLimits(100),
  });
});

afterAll(async () => {
  await t?.close();
  vi.restoreAllMocks();
});

describe('the outbox without SMTP', () => {
  it('keeps registration codes and restore links where a person and e2e tests can read them', async () => {
    const print = vi.spyOn(console, 'log').mockImplementation(() => {});
    const email = `dev-${Date.now()}@example.test`;
    const agent = createAgent(t.app);
    const sent = await agent.post('/api/auth/send-registration-code', {
      email,
      password: 'secret123',
      accountType: 'girl',
    });
    expect(sent.statusCode).toBe(200);
    const account = await createAccount(t.db);
    expect((await agent.post('/api/auth/send-restore-link', { email: account.email })).statusCode).toBe(200);
    await t.app.mail.idle();

    const json = await agent.get(`/api/dev/mail.json?to=${encodeURIComponent(email.toUpperCase())}`);
    expect(json.statusCode).toBe(200);
    const { messages } = json.json<DevMailResponse>();
    expect(messages).toHaveLength(1);
    const [message] = messages;
    expect(message).toMatchObject({ to: email, kind: 'registration_code', locale: 'ru', sentAt: null });
    const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1] ?? '';
    expect(print).toHaveBeenCalledWith(expect.stringContaining(`[mail] to ${email}:`));
    expect(print).toHaveBeenCalledWith(expect.stringContaining(`code ${code}`));

    // The code from the outbox finishes the registration.
    expect((await agent.post('/api/auth/verify-registration-code', { email, code })).statusCode).toBe(200);

    const all = (await agent.get('/api/dev/mail.json')).json<DevMailResponse>().messages;
    expect(all[0]?.kind).toBe('password_restore');
    const link = /(http:\/\/localhost:5000\/restore-password\?token=[\w-]+)/.exec(all[0]?.text ?? '')?.[1];
    expect(link).toBeDefined();
    expect(print).toHaveBeenCalledWith(expect.stringContaining(link ?? ''));

    const page = await agent.get('/api/dev/mail');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain(`<a href="${link}">`);
  });

  it('shows stored text as text, never as markup', async () => {
    await t.db.insert(mailOutbox).values({
      toAddress: 'someone@example.test',
      kind: 'email_changed',
      locale: 'en',
      subject: '<script>alert(1)</script>',
      textBody: 'Hello <img src=x onerror=alert(1)>',
    });
    const page = await createAgent(t.app).get('/api/dev/mail');
    expect(page.body).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(page.body).not.toContain('<script>');
    expect(page.body).not.toContain('<img');
  });

  it('refuses a filter that is not an e-mail', async () => {
    const response = await createAgent(t.app).get('/api/dev/mail.json?to=nobody');
    expect(response.statusCode).toBe(400);
  });
});

describe('who may read the outbox', () => {
  it.each(['/api/dev/mail', '/api/dev/mail.json'])('answers %s to this machine only', async (url) => {
    expect((await t.app.inject({ url, remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    expect((await t.app.inject({ url, remoteAddress: '::1' })).statusCode).toBe(200);
    for (const remoteAddress of ['203.0.113.7', '192.168.1.20', '::ffff:10.0.0.5', '2001:db8::1']) {
      expect((await t.app.inject({ url, remoteAddress })).statusCode).toBe(404);
    }
  });

  it('refuses what a proxy relays, even from this machine', async () => {
    const relayed = await t.app.inject({
      url: '/api/dev/mail.json',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(relayed.statusCode).toBe(404);
  });

  it.each(['/api/dev/mail', '/api/dev/mail.json'])(
    'answers %s only to a loopback name, so a site rebound to 127.0.0.1 cannot read it',
    async (url) => {
      for (const host of ['localhost', 'localhost:8080', '127.0.0.1:8080', '127.1.2.3', '[::1]:8080']) {
        const answer = await t.app.inject({ url, remoteAddress: '127.0.0.1', headers: { host } });
        expect(answer.statusCode, host).toBe(200);
      }
      for (const host of [
        'attacker.example',
        'attacker.example:8080',
        'localhost.attacker.example',
        'localhost.',
        '127.0.0.1.nip.io:8080',
        '192.168.1.20:8080',
      ]) {
        const answer = await t.app.inject({ url, remoteAddress: '127.0.0.1', headers: { host } });
        expect(answer.statusCode, host).toBe(404);
        expect(answer.body, host).not.toContain('@');
        expect(answer.json<{ code: string }>().code).toBe('NOT_FOUND');
      }
    },
  );

  it('does not exist at all unless development pages are switched on', async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ url: '/api/dev/mail.json' })).statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

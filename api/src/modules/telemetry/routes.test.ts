import { RELEASE_GUARD_DEFAULT, TELEMETRY_BATCH_MAX, TELEMETRY_BODY_MAX_BYTES } from 'contracts/telemetry';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { translate } from '../../lib/i18n';
import { signedInAdmin } from '../../testing/admin';
import { createAgent } from '../../testing/agent';
import { createAccount } from '../../testing/builders';
import { testAppForFile } from '../../testing/create-test-app';
import { batchOf, errorEvent, loadEvent, newSession, sendBeacon, vitalEvent } from '../../testing/telemetry';

const LIMIT = { max: 5, windowSeconds: 60 };
const t = testAppForFile({ rateLimits: { telemetryPerIp: LIMIT } });

const shop = { remote: 'mfe_shop', version: '1.0.0+aaaaaaaaaaaa' };

async function count(table: string): Promise<number> {
  const result = (await t.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as {
    rows: { n: number }[];
  };
  return result.rows[0]?.n ?? 0;
}

const written = async () => ({
  sessions: await count('telemetry_sessions'),
  vitals: await count('telemetry_vitals'),
  errors: await count('telemetry_errors'),
});

describe('the beacon', () => {
  it('takes a batch as application/json and as text/plain (sendBeacon’s string body), answering 204', async () => {
    const json = await sendBeacon(t.app, batchOf(newSession(), loadEvent(shop)));
    expect(json.statusCode).toBe(204);
    expect(json.body).toBe('');
    const text = await sendBeacon(t.app, batchOf(newSession(), vitalEvent(shop), errorEvent(shop)), {
      contentType: 'text/plain;charset=UTF-8',
    });
    expect(text.statusCode).toBe(204);
    expect(await written()).toMatchObject({ sessions: 2, vitals: 1, errors: 1 });
  });

  it('needs no CSRF token and no session, only the body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/telemetry',
      remoteAddress: '10.200.0.1',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify(batchOf(newSession(), loadEvent(shop))),
    });
    expect(response.statusCode).toBe(204);
  });

  it.each([
    ['not JSON', '{"session": '],
    ['no events', { session: 'abcdefgh12', events: [] }],
    ['a short session id', batchOf('abc', loadEvent(shop))],
    ['an unknown kind', { session: 'abcdefgh12', events: [{ kind: 'click', route: '/' }] }],
    ['a negative time', batchOf('abcdefgh12', loadEvent(shop, { ms: -1 }))],
    ['a bad remote name', batchOf('abcdefgh12', loadEvent({ remote: '../etc', version: null }))],
    ['an unknown vital', batchOf('abcdefgh12', vitalEvent(shop, { name: 'FID' as never }))],
    ['a long message', batchOf('abcdefgh12', errorEvent(shop, { message: 'x'.repeat(501) }))],
    [
      'too many events',
      batchOf('abcdefgh12', ...Array.from({ length: TELEMETRY_BATCH_MAX + 1 }, () => loadEvent(shop))),
    ],
    // A good batch after a bad event: nothing of it is written either.
    [
      'one bad event among good ones',
      batchOf('abcdefgh12', loadEvent(shop), errorEvent(shop, { route: 5 as never })),
    ],
  ])('refuses %s with 400 and a translated message, writing nothing', async (_name, body) => {
    const before = await written();
    for (const contentType of ['application/json', 'text/plain']) {
      const response = await sendBeacon(t.app, body, { contentType, acceptLanguage: 'en' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
      expect(response.json().message).not.toMatch(/^validation\./);
    }
    expect(await written()).toEqual(before);
  });

  it('names the bad field with the telemetry message key', async () => {
    const response = await sendBeacon(t.app, batchOf('abcdefgh12', loadEvent(shop, { ms: -1 })));
    expect(response.json()).toEqual({
      code: 'VALIDATION_FAILED',
      message: translate('ru', 'validation.telemetry'),
      fields: { 'events.0.ms': 'validation.telemetry' },
    });
  });

  it('refuses a body over the limit and other content types, without a 500', async () => {
    const huge = batchOf('abcdefgh12', errorEvent(shop, { stack: 'x'.repeat(4000) }));
    huge.events = Array.from({ length: Math.ceil(TELEMETRY_BODY_MAX_BYTES / 4000) + 1 }, () =>
      errorEvent(shop, { stack: 'x'.repeat(4000) }),
    );
    const before = await written();
    expect((await sendBeacon(t.app, huge, { contentType: 'text/plain' })).statusCode).toBe(413);
    expect((await sendBeacon(t.app, huge)).statusCode).toBe(413);
    const form = await sendBeacon(t.app, 'session=abc', { contentType: 'application/x-www-form-urlencoded' });
    expect(form.statusCode).toBe(415);
    expect(await written()).toEqual(before);
  });

  it('counts a session once per release however many beacons it sends, keeping what each saw', async () => {
    const session = newSession();
    const cart = { remote: 'mfe_cart', version: '2.0.0+bbbbbbbbbbbb' };
    await sendBeacon(t.app, batchOf(session, loadEvent(cart, { ms: 250 }), vitalEvent(cart)));
    await sendBeacon(t.app, batchOf(session, errorEvent(cart), loadEvent(cart, { ms: 900 })));
    await sendBeacon(t.app, batchOf(session, vitalEvent(cart, { name: 'CLS', value: 0.1 })));
    // The same tab on a file-served remote is another release: '' for its version.
    await sendBeacon(t.app, batchOf(session, loadEvent({ remote: 'mfe_cart', version: null })));
    const result = (await t.db.execute(
      sql`select version, had_error, failed_load, load_ms from telemetry_sessions where remote = 'mfe_cart' order by version`,
    )) as unknown as { rows: unknown[] };
    expect(result.rows).toEqual([
      { version: '', had_error: false, failed_load: false, load_ms: 120 },
      { version: cart.version, had_error: true, failed_load: false, load_ms: 250 },
    ]);
  });

  it('limits beacons per address', async () => {
    const answers: number[] = [];
    for (let i = 0; i <= LIMIT.max; i++) {
      answers.push(
        (await sendBeacon(t.app, batchOf(newSession(), loadEvent(shop)), { remoteAddress: '10.250.0.9' }))
          .statusCode,
      );
    }
    expect(answers).toEqual([...Array.from({ length: LIMIT.max }, () => 204), 429]);
  });
});

describe('the guard’s settings', () => {
  it('are off by default, in the releases screen’s answer beside each remote’s figures', async () => {
    // mfe_auth has no release: it is served from the registry file and reports the version ''.
    const auth = { remote: 'mfe_auth', version: null };
    await sendBeacon(t.app, batchOf(newSession(), loadEvent(auth, { ms: 80 }), errorEvent(auth)));
    await sendBeacon(t.app, batchOf(newSession(), loadEvent(auth, { ms: 40 })));
    const { agent } = await signedInAdmin(t);
    const body = (await agent.get('/api/admin-panel/releases')).json();
    expect(body.guard).toEqual(RELEASE_GUARD_DEFAULT);
    const view = body.remotes.find((remote: { remote: string }) => remote.remote === 'mfe_auth');
    expect(view.figures).toEqual([
      expect.objectContaining({
        version: '',
        day: new Date().toISOString().slice(0, 10),
        sessions: 2,
        errorSessions: 1,
        errorRate: 0.5,
        loadP75Ms: 70,
      }),
    ]);
    expect(view.figures[0].errors).toMatchObject([{ source: 'uncaught', count: 1 }]);
  });

  it('are changed by an administrator only, with a CSRF token', async () => {
    const settings = { enabled: true, sessions: 3, marginPercent: 5 };
    const guest = createAgent(t.app);
    expect((await guest.put('/api/admin-panel/releases/guard', settings)).statusCode).toBe(401);
    const model = createAgent(t.app);
    await model.signInAs((await createAccount(t.db, { accountType: 'girl' })).id);
    expect((await model.put('/api/admin-panel/releases/guard', settings)).statusCode).toBe(403);

    const { agent, account } = await signedInAdmin(t);
    const forged = await agent.put('/api/admin-panel/releases/guard', settings, { withoutCsrf: true });
    expect(forged.json()).toMatchObject({ code: 'CSRF_FAILED' });
    expect((await agent.get('/api/admin-panel/releases')).json().guard).toEqual(RELEASE_GUARD_DEFAULT);

    const saved = await agent.put('/api/admin-panel/releases/guard', settings);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual(settings);
    expect((await agent.get('/api/admin-panel/releases')).json().guard).toEqual(settings);
    const result = (await t.db.execute(sql`select updated_by from release_guard`)) as unknown as {
      rows: { updated_by: number }[];
    };
    expect(result.rows).toEqual([{ updated_by: account.id }]);
    // In the audit log: who changed the guard, from what to what.
    const audit = await agent.get('/api/admin-panel/audit?action=site.releaseGuard');
    expect(audit.json().items).toMatchObject([
      {
        action: 'site.releaseGuard',
        admin: { id: account.id },
        details: { before: RELEASE_GUARD_DEFAULT, after: settings },
      },
    ]);
  });

  it.each([
    [{ enabled: true, sessions: 0, marginPercent: 5 }, 'sessions', 'validation.guardSessions'],
    [{ enabled: true, sessions: 10_001, marginPercent: 5 }, 'sessions', 'validation.guardSessions'],
    [{ enabled: true, sessions: 2.5, marginPercent: 5 }, 'sessions', 'validation.guardSessions'],
    [{ enabled: true, sessions: 50, marginPercent: 101 }, 'marginPercent', 'validation.guardMargin'],
    [{ enabled: true, sessions: 50, marginPercent: -1 }, 'marginPercent', 'validation.guardMargin'],
    [{ enabled: 'yes', sessions: 50, marginPercent: 5 }, 'enabled', 'validation.required'],
  ])('refuses %j with its field’s translated message, changing nothing', async (body, field, key) => {
    const { agent } = await signedInAdmin(t);
    const before = (await agent.get('/api/admin-panel/releases')).json().guard;
    for (const locale of ['ru', 'en'] as const) {
      const response = await agent.put('/api/admin-panel/releases/guard', body, {
        headers: { 'accept-language': locale },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message: translate(locale, key),
        fields: { [field]: key },
      });
    }
    expect((await agent.get('/api/admin-panel/releases')).json().guard).toEqual(before);
  });
});

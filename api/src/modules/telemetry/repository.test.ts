import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../testing/create-test-app';
import { batchOf, errorEvent, loadEvent, newSession, vitalEvent } from '../../testing/telemetry';
import { createTelemetryRepository, TOP_ERRORS } from './repository';
import { pruneTelemetry, TELEMETRY_RETENTION_DAYS } from './retention';

const t = testAppForFile();
const repository = () => createTelemetryRepository(t.db);

const NOON = new Date('2026-03-10T12:00:00Z');
const daysBefore = (at: Date, days: number) => new Date(at.getTime() - days * 86_400_000);

describe('a release’s figures', () => {
  const v1 = { remote: 'mfe_figures', version: '1.0.0+aaaaaaaaaaaa' };
  const v2 = { remote: 'mfe_figures', version: '1.1.0+bbbbbbbbbbbb' };

  it('has the day’s sessions, error and failure shares, p75s and most frequent errors', async () => {
    const telemetry = repository();
    // Four sessions loading v1 in 100, 200, 300 and 400 ms; one also had errors, one a failed load.
    const [a, b, c, d] = [newSession(), newSession(), newSession(), newSession()];
    await telemetry.record(batchOf(a, loadEvent(v1, { ms: 100 }), vitalEvent(v1, { value: 1000 })), NOON);
    await telemetry.record(
      batchOf(
        b,
        loadEvent(v1, { ms: 200 }),
        errorEvent(v1, { message: 'boom', stack: 'old stack' }),
        errorEvent(v1, { message: 'boom', stack: 'new stack' }),
        errorEvent(v1, { source: 'boundary', message: 'boom' }),
      ),
      NOON,
    );
    await telemetry.record(
      batchOf(c, loadEvent(v1, { ok: false, ms: 5000 }), loadEvent(v1, { ms: 300 })),
      NOON,
    );
    await telemetry.record(batchOf(d, loadEvent(v1, { ms: 400 })), NOON);
    // Vitals as samples (not per session): LCP 1000..5000, CLS 0.1 and 0.2.
    await telemetry.record(
      batchOf(
        d,
        ...[2000, 3000, 4000, 5000].map((value) => vitalEvent(v1, { value })),
        vitalEvent(v1, { name: 'CLS', value: 0.1 }),
        vitalEvent(v1, { name: 'CLS', value: 0.2 }),
      ),
      NOON,
    );
    // Other releases, remotes and the shell's own page do not count.
    await telemetry.record(batchOf(a, errorEvent(v2), loadEvent({ ...v1, remote: 'mfe_other' })), NOON);
    await telemetry.record(batchOf(a, vitalEvent({ remote: null, version: null }, { value: 99_999 })), NOON);

    const [figures] = await telemetry.figures(v1.remote, [v1.version], 1, NOON);
    expect(figures).toEqual({
      version: v1.version,
      day: '2026-03-10',
      sessions: 4,
      errorSessions: 1,
      errorRate: 0.25,
      failedLoads: 1,
      failureRate: 0.25,
      // percentile_cont interpolates: a quarter of the way from 300 to 400.
      loadP75Ms: 325,
      vitals: { LCP: 4000, INP: null, CLS: expect.closeTo(0.175, 6), TTFB: null },
      errors: [
        {
          source: 'uncaught',
          message: 'boom',
          stack: 'new stack',
          route: '/',
          count: 2,
          lastAt: NOON.toISOString(),
        },
        {
          source: 'boundary',
          message: 'boom',
          stack: 'at render (app.js:1:1)',
          route: '/',
          count: 1,
          lastAt: NOON.toISOString(),
        },
      ],
    });
  });

  it(`lists the ${TOP_ERRORS} most frequent errors, adding up repeats across beacons`, async () => {
    const telemetry = repository();
    const release = { remote: 'mfe_noisy', version: '3.0.0+cccccccccccc' };
    // Error n is reported n times, by n beacons of different sessions.
    for (let n = 1; n <= 7; n++) {
      for (let i = 0; i < n; i++) {
        await telemetry.record(batchOf(newSession(), errorEvent(release, { message: `error ${n}` })), NOON);
      }
    }
    const [figures] = await telemetry.figures(release.remote, [release.version], 1, NOON);
    expect(figures?.errors.map((error) => [error.message, error.count])).toEqual([
      ['error 7', 7],
      ['error 6', 6],
      ['error 5', 5],
      ['error 4', 4],
      ['error 3', 3],
    ]);
    expect(figures).toMatchObject({ sessions: 28, errorSessions: 28, errorRate: 1, loadP75Ms: null });
  });

  it('splits by day (UTC) and by version, leaving out the days without reports', async () => {
    const telemetry = repository();
    const session = newSession();
    const lateYesterday = new Date('2026-03-09T23:59:59Z');
    await telemetry.record(batchOf(session, loadEvent(v2, { ms: 500 })), lateYesterday);
    // The same tab after midnight is a session of the new day too.
    await telemetry.record(batchOf(session, errorEvent(v2)), new Date('2026-03-10T00:00:01Z'));
    await telemetry.record(batchOf(newSession(), loadEvent(v2, { ok: false })), daysBefore(NOON, 3));

    const figures = await telemetry.figures(v2.remote, [v2.version, v1.version, 'unknown'], 3, NOON);
    // In the order of the versions asked for, each oldest day first; the failed load three days
    // ago is outside a three-day window, and 2026-03-08 has nothing.
    expect(figures.map((entry) => [entry.version, entry.day, entry.sessions])).toEqual([
      [v2.version, '2026-03-09', 1],
      [v2.version, '2026-03-10', 2],
      [v1.version, '2026-03-10', 4],
    ]);
    expect(figures[0]).toMatchObject({ errorSessions: 0, errorRate: 0, loadP75Ms: 500, errors: [] });
    // Today: the first test's session with an error, and this tab's error after midnight.
    expect(figures[1]).toMatchObject({ errorSessions: 2, errorRate: 1, loadP75Ms: null });
    expect(figures[1]?.errors).toHaveLength(1);
    expect(await telemetry.figures(v2.remote, [v2.version], 4, NOON)).toHaveLength(3);
  });

  it('counts a release’s latest sessions once each, for the guard', async () => {
    const telemetry = repository();
    const release = { remote: 'mfe_recent', version: '1.0.0+dddddddddddd' };
    const tab = newSession();
    await telemetry.record(batchOf(tab, errorEvent(release)), new Date('2026-03-09T23:00:00Z'));
    await telemetry.record(batchOf(tab, loadEvent(release)), new Date('2026-03-10T01:00:00Z'));
    for (let i = 0; i < 3; i++) await telemetry.record(batchOf(newSession(), loadEvent(release)), NOON);
    expect(await telemetry.recentSessions(release, 10)).toEqual({ sessions: 4, troubled: 1 });
    expect(await telemetry.recentSessions(release, 3)).toEqual({ sessions: 3, troubled: 0 });
  });
});

describe('retention', () => {
  it(`deletes telemetry older than ${TELEMETRY_RETENTION_DAYS} days and keeps the rest`, async () => {
    const telemetry = repository();
    const now = new Date('2026-06-01T12:00:00Z');
    const old = { remote: 'mfe_old', version: '1.0.0+eeeeeeeeeeee' };
    const batch = () => batchOf(newSession(), loadEvent(old), vitalEvent(old), errorEvent(old));
    await telemetry.record(batch(), daysBefore(now, TELEMETRY_RETENTION_DAYS + 1));
    await telemetry.record(batch(), daysBefore(now, TELEMETRY_RETENTION_DAYS));
    const countOld = async () => {
      const result = (await t.db.execute(sql`
        select (select count(*) from telemetry_sessions where remote = 'mfe_old')::int as sessions,
               (select count(*) from telemetry_vitals where remote = 'mfe_old')::int as vitals,
               (select count(*) from telemetry_errors where remote = 'mfe_old')::int as errors
      `)) as unknown as { rows: unknown[] };
      return result.rows[0];
    };
    expect(await countOld()).toEqual({ sessions: 2, vitals: 2, errors: 2 });
    expect(await pruneTelemetry(t.db, now)).toBeGreaterThanOrEqual(3);
    expect(await countOld()).toEqual({ sessions: 1, vitals: 1, errors: 1 });
  });
});

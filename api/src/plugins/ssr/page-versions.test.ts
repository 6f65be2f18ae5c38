import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../testing/create-test-app';
import {
  createPageVersions,
  PAGE_VERSIONS_RETENTION_DAYS,
  prunePageVersions,
  wholeSecond,
} from './page-versions';

/** The dates behind rendered pages' Last-Modified, on the real database (PGlite, or PostgreSQL with DATABASE_URL). */
const t = testAppForFile();
const versions = () => createPageVersions(t.db, t.app.dbKind);
const T0 = Date.parse('2026-11-28T10:00:00.400Z');

describe('page versions', () => {
  it('dates a page seen for the first time the second it was seen in, and keeps the date while its tag stays', async () => {
    const since = await versions().since('|/profile/1', 'a', T0);
    expect(since).toBe(Date.parse('2026-11-28T10:00:00.000Z'));
    expect(since).toBe(wholeSecond(T0));
    expect(await versions().since('|/profile/1', 'a', T0 + 60_000)).toBe(since);
    // Another instance (another object on the same database) tells the same date.
    expect(await createPageVersions(t.db, t.app.dbKind).since('|/profile/1', 'a', T0 + 120_000)).toBe(since);
  });

  it('moves the date past the last one on every change, even within a second and back', async () => {
    const store = versions();
    const a = await store.since('|/', 'a', T0);
    const b = await store.since('|/', 'b', T0 + 100);
    const c = await store.since('|/', 'c', T0 + 200);
    const backToA = await store.since('|/', 'a', T0 + 300);
    expect(a).not.toBeNull();
    // A copy of an earlier page was sent with a date no later than its own since: each change is
    // dated later, so that copy's If-Modified-Since never stands for newer content.
    expect(b).toBeGreaterThan(a as number);
    expect(c).toBeGreaterThan(b as number);
    expect(backToA).toBeGreaterThan(c as number);
    expect((backToA as number) % 1000).toBe(0);
    // Later, with time past the dates: the change is dated the second after it was seen (a copy
    // of the page before was sent in that second at the latest).
    const later = T0 + 3_600_000;
    expect(await store.since('|/', 'd', later)).toBe(wholeSecond(later) + 1000);
  });

  it('keeps one page per key: addresses and releases apart', async () => {
    const store = versions();
    const ru = await store.since('|/price', 'p', T0);
    const en = await store.since('|/en/price', 'q', T0 + 5_000);
    const canary = await store.since('catalog=2.0.0|/price', 'r', T0 + 10_000);
    expect(new Set([ru, en, canary]).size).toBe(3);
    expect(await store.since('|/price', 'p', T0 + 20_000)).toBe(ru);
  });

  it('tells one date for one tag to requests at the same moment, or none', async () => {
    const store = versions();
    const answers = await Promise.all(Array.from({ length: 8 }, () => store.since('|/race', 'x', T0)));
    const dates = answers.filter((value) => value !== null);
    expect(dates.length).toBeGreaterThan(0);
    expect(new Set(dates).size).toBe(1);
    expect(await store.since('|/race', 'x', T0 + 1_000)).toBe(dates[0]);
  });

  it('deletes the rows of pages not sent for the retention period, and keeps the rest', async () => {
    const store = versions();
    await store.since('|/old', 'o', T0);
    await store.since('|/recent', 'r', T0);
    await t.db.execute(
      sql`update page_versions set seen_on = current_date - ${PAGE_VERSIONS_RETENTION_DAYS + 1}::int where key = '|/old'`,
    );
    await t.db.execute(
      sql`update page_versions set seen_on = current_date - ${PAGE_VERSIONS_RETENTION_DAYS - 1}::int where key = '|/recent'`,
    );
    expect(await prunePageVersions(t.db)).toBe(1);
    const keys = await t.db.execute(sql`select key from page_versions where key in ('|/old', '|/recent')`);
    expect((keys as unknown as { rows: { key: string }[] }).rows.map((row) => row.key)).toEqual(['|/recent']);
    // A page sent again is seen today: its row stays another retention period, its date unchanged.
    const recentSince = await store.since('|/recent', 'r', T0 + 50_000);
    const seen = await t.db.execute(
      sql`select seen_on = current_date as today from page_versions where key = '|/recent'`,
    );
    expect((seen as unknown as { rows: { today: boolean }[] }).rows[0]?.today).toBe(true);
    expect(recentSince).toBe(wholeSecond(T0));
    // A pruned page comes back as a new one: dated when it is seen again.
    expect(await store.since('|/old', 'o', T0 + 90_000)).toBe(wholeSecond(T0 + 90_000));
  });
});

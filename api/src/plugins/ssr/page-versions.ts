import { sql } from 'drizzle-orm';
import type { Database, DatabaseKind } from '../../db/client';
import { deleteInBatches } from '../../db/job-lock';
import { periodicJobPlugin } from '../../lib/periodic-job';

/**
 * A server-rendered page's `Last-Modified` (issue 31): when the content its ETag stands for was
 * first sent. Yandex's crawler (the ru site's first) and others ask again with `If-Modified-Since`,
 * not `If-None-Match`, so a date is what saves them the whole page.
 *
 * A tag is a digest of content, a date is not: the date a page got its tag is kept in the database
 * (`page_versions`), one row per address, shared by every instance. The rules that make a date as
 * safe as a tag:
 * - a page seen for the first time (no row) is dated the second it was seen in: no copy of it
 *   was sent with a date before;
 * - a changed tag's date is the next whole second after it was seen, and at least a second after
 *   the row's last date: every copy of an older page was sent with an earlier date than any later
 *   content's (even two changes within a second, or a page that changes back);
 * - a page is sent with `min(since, now)` as its date, never later than its `Date`;
 * - a request's date names the page when it is no earlier than the current tag's `since`.
 */
export interface PageVersions {
  /**
   * The date (ms, whole seconds) the page at `key` has had the content `tag` since, recording it
   * when the tag is new. Null when it cannot be told (another request recorded it in the same
   * moment): the page is then sent without a date.
   */
  since(key: string, tag: string, now?: number): Promise<number | null>;
}

/** Days a page's row is kept after it was last sent (a crawler coming back later gets the whole page). */
export const PAGE_VERSIONS_RETENTION_DAYS = 30;
/** Any number unique among the advisory locks: one runner at a time across every API instance. */
const RETENTION_LOCK_KEY = 7_310_031;
const RETENTION_INTERVAL_MS = 60 * 60_000;
/** Rows deleted per transaction, so that pruning never holds one long lock. */
const BATCH = 5_000;

/** The whole second `now` is in. */
export const wholeSecond = (now: number) => Math.floor(now / 1000) * 1000;

/** A known tag's date when it was already seen today: a plain read ($1 the key, $2 the tag), the usual case. */
const KEPT_SQL = `
  select extract(epoch from since)::float8 * 1000 as since from page_versions
  where key = $1 and tag = $2 and seen_on = current_date`;

/**
 * Otherwise: records the tag (a new one, or the day's first sighting of a known one) and answers
 * its date in one statement: $1 the key, $2 the tag, $3 the whole second it is seen in (ms). A row
 * another request inserted after this statement's snapshot answers nothing (the caller sends no
 * date). Kept apart from the read because a statement that may write costs more even when it
 * writes nothing (on PGlite about 3 ms a page: its files are synced after each one).
 */
const SINCE_SQL = `
  with changed as (
    insert into page_versions as v (key, tag, since) values ($1, $2, to_timestamp($3::float8 / 1000))
    on conflict (key) do update set
      since = case when v.tag = excluded.tag then v.since
                   else greatest(excluded.since, v.since) + interval '1 second' end,
      tag = excluded.tag,
      seen_on = current_date
    where v.tag <> excluded.tag or v.seen_on < current_date
    returning v.since
  )
  select extract(epoch from since)::float8 * 1000 as since from changed
  union all
  select extract(epoch from since)::float8 * 1000 from page_versions
  where key = $1 and tag = $2 and not exists (select 1 from changed)`;

interface Client {
  query(
    query: string | { name: string; text: string; values: unknown[] },
    values?: unknown[],
  ): Promise<{ rows: { since: number | string | null }[] }>;
}

export function createPageVersions(db: Database, kind: DatabaseKind): PageVersions {
  // node-postgres's pool or PGlite: the statements as they are, with their values as parameters.
  // On PostgreSQL named statements, planned once per connection (as the header's online count).
  const client = (db as unknown as { $client: Client }).$client;
  const run = async (name: string, text: string, values: unknown[]) => {
    const { rows } =
      kind === 'postgres' ? await client.query({ name, text, values }) : await client.query(text, values);
    const since = rows[0]?.since;
    return since === undefined || since === null ? null : Number(since);
  };
  return {
    async since(key, tag, now = Date.now()) {
      return (
        (await run('page_version_kept', KEPT_SQL, [key, tag])) ??
        run('page_version_since', SINCE_SQL, [key, tag, wholeSecond(now)])
      );
    },
  };
}

/**
 * Deletes the rows of pages not sent for the retention period, a batch per transaction; the days
 * are the database's, as `seen_on` is written.
 */
export async function prunePageVersions(db: Database): Promise<number> {
  return deleteInBatches(db, RETENTION_LOCK_KEY, async (tx) => {
    const result = await tx.execute(sql`
      delete from page_versions where key in (
        select key from page_versions
        where seen_on < current_date - ${PAGE_VERSIONS_RETENTION_DAYS}::int limit ${BATCH})
      returning 1`);
    return (result as unknown as { rows: unknown[] }).rows.length;
  });
}

/** Prunes page_versions every hour while the server runs (tests call prunePageVersions by hand). */
export const pageVersionsRetentionJobPlugin = periodicJobPlugin(
  {
    job: 'page-versions-retention',
    everyMs: RETENTION_INTERVAL_MS,
    run: (fastify) => prunePageVersions(fastify.db),
    did: 'dates of pages not sent for a while deleted',
  },
  { name: 'page-versions-retention-job', dependencies: ['db'] },
);

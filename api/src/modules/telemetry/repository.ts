import {
  type ErrorSource,
  RELEASE_GUARD_DEFAULT,
  type ReleaseFigures,
  type ReleaseGuardBody,
  type ReportedError,
  type TelemetryBatch,
  VITAL_NAMES,
  type VitalName,
} from 'contracts/telemetry';
import { and, desc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { releaseGuard, telemetryErrors, telemetrySessions, telemetryVitals } from '../../db/schema';
import { sha256 } from '../../lib/tokens';
import { recordAdminAction } from '../audit/repository';

/** Errors listed per release and day, the most frequent first. */
export const TOP_ERRORS = 5;
const DAY_MS = 86_400_000;

/** A remote's release as telemetry counts it: `version` '' for a remote served from the registry file. */
export interface ReleaseKey {
  remote: string;
  version: string;
}

/** The day (UTC) `at` falls on, YYYY-MM-DD. */
export const utcDay = (at: Date): string => at.toISOString().slice(0, 10);

interface SessionRow extends ReleaseKey {
  hadError: boolean;
  failedLoad: boolean;
  loadMs: number | null;
}

interface ErrorRow {
  key: string;
  remote: string | null;
  version: string;
  source: ErrorSource;
  message: string;
  route: string;
  stack: string | null;
  count: number;
}

/** A beacon's events, grouped into the rows it writes: a session per release, vital samples, error groups. */
function rowsOf(batch: TelemetryBatch) {
  const sessions = new Map<string, SessionRow>();
  const session = (remote: string, version: string) => {
    const key = JSON.stringify([remote, version]);
    let row = sessions.get(key);
    if (!row) {
      row = { remote, version, hadError: false, failedLoad: false, loadMs: null };
      sessions.set(key, row);
    }
    return row;
  };
  const vitals: { remote: string | null; version: string; name: VitalName; route: string; value: number }[] =
    [];
  const errors = new Map<string, ErrorRow>();
  for (const event of batch.events) {
    const version = event.version ?? '';
    if (event.kind === 'vital') {
      if (event.remote) session(event.remote, version);
      vitals.push({
        remote: event.remote,
        version,
        name: event.name,
        route: event.route,
        value: event.value,
      });
    } else if (event.kind === 'load') {
      const row = session(event.remote, version);
      if (!event.ok) row.failedLoad = true;
      else row.loadMs ??= Math.round(event.ms);
    } else {
      if (event.remote) session(event.remote, version).hadError = true;
      const identity = [event.remote, version, event.source, event.route, event.message];
      const key = sha256(JSON.stringify(identity));
      const known = errors.get(key);
      // The batch is in the order the page saw its events: the last stack is the latest.
      if (known) {
        known.count += 1;
        known.stack = event.stack ?? known.stack;
      } else {
        errors.set(key, {
          key,
          remote: event.remote,
          version,
          source: event.source,
          message: event.message,
          route: event.route,
          stack: event.stack ?? null,
          count: 1,
        });
      }
    }
  }
  // Rows locked in one order by every beacon, so two beacons never wait on each other in a circle.
  const byKey = <T>(entries: Map<string, T>) =>
    [...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, row]) => row);
  return { sessions: byKey(sessions), vitals, errors: byKey(errors) };
}

const emptyFigures = (version: string, day: string): ReleaseFigures => ({
  version,
  day,
  sessions: 0,
  errorSessions: 0,
  errorRate: 0,
  failedLoads: 0,
  failureRate: 0,
  loadP75Ms: null,
  vitals: { LCP: null, INP: null, CLS: null, TTFB: null },
  errors: [],
});

const p75 = <T>(column: T) => sql<number | null>`percentile_cont(0.75) within group (order by ${column})`;

/**
 * Page telemetry (issue 30): what beacons report, per remote, release and day (UTC), and the
 * release guard's settings. A beacon is one transaction of at most three statements.
 */
export function createTelemetryRepository(db: Database) {
  return {
    /**
     * Records one beacon at `at`: the session once per release (a later beacon of it only adds
     * what it saw), the vitals as samples, the errors counted into their groups. Answers the
     * releases this beacon saw an error or a failed load of, for the guard.
     */
    async record(batch: TelemetryBatch, at: Date = new Date()): Promise<ReleaseKey[]> {
      const day = utcDay(at);
      const { sessions, vitals, errors } = rowsOf(batch);
      await db.transaction(async (tx) => {
        if (sessions.length > 0) {
          await tx
            .insert(telemetrySessions)
            .values(
              sessions.map((row) => ({
                ...row,
                day,
                session: batch.session,
                firstSeen: at,
                lastSeen: at,
              })),
            )
            .onConflictDoUpdate({
              target: [
                telemetrySessions.remote,
                telemetrySessions.version,
                telemetrySessions.day,
                telemetrySessions.session,
              ],
              set: {
                lastSeen: sql`greatest(${telemetrySessions.lastSeen}, excluded.last_seen)`,
                hadError: sql`${telemetrySessions.hadError} or excluded.had_error`,
                failedLoad: sql`${telemetrySessions.failedLoad} or excluded.failed_load`,
                loadMs: sql`coalesce(${telemetrySessions.loadMs}, excluded.load_ms)`,
              },
            });
        }
        if (vitals.length > 0) {
          await tx.insert(telemetryVitals).values(vitals.map((row) => ({ ...row, day })));
        }
        if (errors.length > 0) {
          await tx
            .insert(telemetryErrors)
            .values(errors.map((row) => ({ ...row, day, lastAt: at })))
            .onConflictDoUpdate({
              target: [telemetryErrors.day, telemetryErrors.key],
              set: {
                count: sql`${telemetryErrors.count} + excluded.count`,
                stack: sql`coalesce(excluded.stack, ${telemetryErrors.stack})`,
                lastAt: sql`greatest(${telemetryErrors.lastAt}, excluded.last_at)`,
              },
            });
        }
      });
      return sessions
        .filter((row) => row.hadError || row.failedLoad)
        .map(({ remote, version }) => ({ remote, version }));
    },

    /**
     * Each of `versions` of `remote` (in that order), each day (UTC) of the last `days` up to
     * `now`'s that it has reports of (oldest first): its sessions, error and failed-load shares,
     * p75 load time and vitals, and most frequent errors. A day without reports is left out.
     */
    async figures(
      remote: string,
      versions: readonly string[],
      days: number,
      now: Date = new Date(),
    ): Promise<ReleaseFigures[]> {
      if (versions.length === 0 || days < 1) return [];
      const to = utcDay(now);
      const from = utcDay(new Date(now.getTime() - (days - 1) * DAY_MS));
      const inWindow = <T extends typeof telemetrySessions | typeof telemetryVitals | typeof telemetryErrors>(
        table: T,
      ) =>
        and(
          eq(table.remote, remote),
          inArray(table.version, [...versions]),
          gte(table.day, from),
          lte(table.day, to),
        );

      const ranked = db
        .select({
          version: telemetryErrors.version,
          day: telemetryErrors.day,
          source: telemetryErrors.source,
          message: telemetryErrors.message,
          stack: telemetryErrors.stack,
          route: telemetryErrors.route,
          count: telemetryErrors.count,
          lastAt: telemetryErrors.lastAt,
          rank: sql<number>`row_number() over (partition by ${telemetryErrors.version}, ${telemetryErrors.day} order by ${telemetryErrors.count} desc, ${telemetryErrors.lastAt} desc)`.as(
            'rank',
          ),
        })
        .from(telemetryErrors)
        .where(inWindow(telemetryErrors))
        .as('ranked');

      const [sessionRows, vitalRows, errorRows] = await Promise.all([
        db
          .select({
            version: telemetrySessions.version,
            day: telemetrySessions.day,
            sessions: sql<number>`count(*)::int`,
            errorSessions: sql<number>`(count(*) filter (where ${telemetrySessions.hadError}))::int`,
            failedLoads: sql<number>`(count(*) filter (where ${telemetrySessions.failedLoad}))::int`,
            loadP75Ms: p75(telemetrySessions.loadMs),
          })
          .from(telemetrySessions)
          .where(inWindow(telemetrySessions))
          .groupBy(telemetrySessions.version, telemetrySessions.day),
        db
          .select({
            version: telemetryVitals.version,
            day: telemetryVitals.day,
            name: telemetryVitals.name,
            p75: p75(telemetryVitals.value),
          })
          .from(telemetryVitals)
          .where(inWindow(telemetryVitals))
          .groupBy(telemetryVitals.version, telemetryVitals.day, telemetryVitals.name),
        db
          .select()
          .from(ranked)
          .where(lte(ranked.rank, TOP_ERRORS))
          .orderBy(desc(ranked.count), desc(ranked.lastAt)),
      ]);

      const figures = new Map<string, ReleaseFigures>();
      const at = (version: string, day: string) => {
        const key = JSON.stringify([version, day]);
        let entry = figures.get(key);
        if (!entry) {
          entry = emptyFigures(version, day);
          figures.set(key, entry);
        }
        return entry;
      };
      for (const row of sessionRows) {
        const entry = at(row.version, row.day);
        entry.sessions = row.sessions;
        entry.errorSessions = row.errorSessions;
        entry.errorRate = row.sessions > 0 ? row.errorSessions / row.sessions : 0;
        entry.failedLoads = row.failedLoads;
        entry.failureRate = row.sessions > 0 ? row.failedLoads / row.sessions : 0;
        entry.loadP75Ms = row.loadP75Ms === null ? null : Number(row.loadP75Ms);
      }
      for (const row of vitalRows) {
        if (VITAL_NAMES.includes(row.name)) {
          at(row.version, row.day).vitals[row.name] = row.p75 === null ? null : Number(row.p75);
        }
      }
      for (const row of errorRows) {
        const error: ReportedError = {
          source: row.source,
          message: row.message,
          stack: row.stack,
          route: row.route,
          count: row.count,
          lastAt: row.lastAt.toISOString(),
        };
        at(row.version, row.day).errors.push(error);
      }
      return [...figures.values()].sort(
        (a, b) =>
          versions.indexOf(a.version) - versions.indexOf(b.version) ||
          (a.day < b.day ? -1 : a.day > b.day ? 1 : 0),
      );
    },

    /**
     * A release's latest `limit` sessions (by when they began; a session reported on two days
     * counts once) and how many of them had an error or a failed load.
     */
    async recentSessions(
      release: ReleaseKey,
      limit: number,
    ): Promise<{ sessions: number; troubled: number }> {
      // Twice the limit of rows, so that sessions seen on two days still leave `limit` sessions.
      const latest = db
        .select({
          session: telemetrySessions.session,
          troubled: sql<boolean>`${telemetrySessions.hadError} or ${telemetrySessions.failedLoad}`.as(
            'troubled',
          ),
          firstSeen: telemetrySessions.firstSeen,
        })
        .from(telemetrySessions)
        .where(
          and(eq(telemetrySessions.remote, release.remote), eq(telemetrySessions.version, release.version)),
        )
        .orderBy(desc(telemetrySessions.firstSeen))
        .limit(limit * 2)
        .as('latest');
      const perSession = db
        .select({
          troubled: sql<boolean>`bool_or(${latest.troubled})`.as('troubled'),
        })
        .from(latest)
        .groupBy(latest.session)
        .orderBy(desc(sql`max(${latest.firstSeen})`))
        .limit(limit)
        .as('per_session');
      const [row] = await db
        .select({
          sessions: sql<number>`count(*)::int`,
          troubled: sql<number>`(count(*) filter (where ${perSession.troubled}))::int`,
        })
        .from(perSession);
      return { sessions: row?.sessions ?? 0, troubled: row?.troubled ?? 0 };
    },

    /** The guard's settings: RELEASE_GUARD_DEFAULT (off) until an administrator changes them. */
    async guard(): Promise<ReleaseGuardBody> {
      const [row] = await db
        .select({
          enabled: releaseGuard.enabled,
          sessions: releaseGuard.sessions,
          marginPercent: releaseGuard.marginPercent,
        })
        .from(releaseGuard);
      return row ?? { ...RELEASE_GUARD_DEFAULT };
    },

    /** Changes the guard's settings, with the administrator's action (before and after) in the audit log. */
    async setGuard(body: ReleaseGuardBody, adminId: number): Promise<ReleaseGuardBody> {
      return db.transaction(async (tx) => {
        const [before] = await tx
          .select({
            enabled: releaseGuard.enabled,
            sessions: releaseGuard.sessions,
            marginPercent: releaseGuard.marginPercent,
          })
          .from(releaseGuard)
          .for('update');
        const values = { ...body, updatedBy: adminId, updatedAt: sql`now()` };
        const [row] = await tx
          .insert(releaseGuard)
          .values({ id: 1, ...values })
          .onConflictDoUpdate({ target: releaseGuard.id, set: values })
          .returning({
            enabled: releaseGuard.enabled,
            sessions: releaseGuard.sessions,
            marginPercent: releaseGuard.marginPercent,
          });
        if (!row) throw new Error('the guard settings upsert returned no row');
        await recordAdminAction(tx, {
          adminId,
          action: 'site.releaseGuard',
          targetType: 'site',
          targetId: 0,
          details: { before: before ?? { ...RELEASE_GUARD_DEFAULT }, after: row },
        });
        return row;
      });
    },

    /** Deletes up to `limit` rows of each table from days before `before` (YYYY-MM-DD); answers how many. */
    async prune(before: string, limit: number): Promise<number> {
      let deleted = 0;
      for (const table of [telemetrySessions, telemetryVitals, telemetryErrors]) {
        // Both drivers (node-postgres and PGlite) answer raw queries with `rows`.
        const result = (await db.execute(
          sql`delete from ${table} where ctid in (select ctid from ${table} where ${table.day} < ${before} limit ${limit}) returning 1`,
        )) as unknown as { rows: unknown[] };
        deleted += result.rows.length;
      }
      return deleted;
    },
  };
}

export type TelemetryRepository = ReturnType<typeof createTelemetryRepository>;

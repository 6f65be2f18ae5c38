/**
 * Page telemetry (issue 30): what each page reports through one beacon endpoint, so a remote's
 * release is judged by figures. A page batches its events and sends them with
 * `navigator.sendBeacon` when it is hidden (and when a batch fills). The API aggregates them per
 * remote, version and day. Imported as `contracts/telemetry`.
 */
import * as v from 'valibot';
import { REMOTE_NAME_PATTERN } from './remotes';

/** The Core Web Vitals a page reports, from the `web-vitals` library. */
export const VITAL_NAMES = ['LCP', 'INP', 'CLS', 'TTFB'] as const;
export type VitalName = (typeof VITAL_NAMES)[number];

/** Where an error was caught: the window's handlers, or a remote area's error boundary (its fallback showed). */
export const ERROR_SOURCES = ['uncaught', 'rejection', 'boundary'] as const;
export type ErrorSource = (typeof ERROR_SOURCES)[number];

/** At most this many events in one beacon; a page sends a full batch at once and starts another. */
export const TELEMETRY_BATCH_MAX = 40;
/** The beacon's body limit, in bytes (sendBeacon's own limit is 64 KiB per page). */
export const TELEMETRY_BODY_MAX_BYTES = 32 * 1024;
/** A page's share of sessions that report, by default (the API's TELEMETRY_SAMPLE overrides it). */
export const TELEMETRY_SAMPLE_DEFAULT = 1;

const text = (max: number) =>
  v.pipe(v.string('validation.telemetry'), v.maxLength(max, 'validation.telemetry'));
/** The route pattern the page matched, `/girl/:id`, or its path without the language prefix. */
const route = text(200);
const remote = v.pipe(v.string('validation.telemetry'), v.regex(REMOTE_NAME_PATTERN, 'validation.telemetry'));
/** The release the page ran of that remote; null for a remote served from the registry file. */
const version = v.nullable(text(60));
const ms = v.pipe(
  v.number('validation.telemetry'),
  v.minValue(0, 'validation.telemetry'),
  v.maxValue(600_000, 'validation.telemetry'),
);

export const telemetryEvent = v.variant(
  'kind',
  [
    /** A Core Web Vital of the page, attributed to the remote owning its route (null: the shell's own page). */
    v.object(
      {
        kind: v.literal('vital', 'validation.telemetry'),
        name: v.picklist(VITAL_NAMES, 'validation.telemetry'),
        /** Milliseconds, except CLS (a unitless score). */
        value: ms,
        route,
        remote: v.nullable(remote),
        version,
      },
      'validation.telemetry',
    ),
    /** A remote's code loading: how long its entry and routes took, or that it failed. */
    v.object(
      {
        kind: v.literal('load', 'validation.telemetry'),
        remote,
        version,
        ms,
        ok: v.boolean('validation.telemetry'),
        route,
      },
      'validation.telemetry',
    ),
    /** An error: uncaught, an unhandled rejection, or a remote area's boundary showing its fallback. */
    v.object(
      {
        kind: v.literal('error', 'validation.telemetry'),
        source: v.picklist(ERROR_SOURCES, 'validation.telemetry'),
        remote: v.nullable(remote),
        version,
        message: text(500),
        stack: v.optional(text(4000)),
        route,
      },
      'validation.telemetry',
    ),
  ],
  'validation.telemetry',
);
export type TelemetryEvent = v.InferOutput<typeof telemetryEvent>;

/**
 * POST /api/telemetry: one beacon. `session` is the tab's id (random, kept in sessionStorage): a
 * session counts once per remote and version however many beacons it sends.
 */
export const telemetryBatch = v.object(
  {
    session: v.pipe(
      v.string('validation.telemetry'),
      v.regex(/^[A-Za-z0-9_-]{8,64}$/, 'validation.telemetry'),
    ),
    events: v.pipe(
      v.array(telemetryEvent, 'validation.telemetry'),
      v.minLength(1, 'validation.telemetry'),
      v.maxLength(TELEMETRY_BATCH_MAX, 'validation.telemetry'),
    ),
  },
  'validation.telemetry',
);
export type TelemetryBatch = v.InferOutput<typeof telemetryBatch>;

const timestamp = v.pipe(v.string(), v.description('ISO 8601'));
const p75 = v.nullable(v.number());

/** The errors a release's pages reported most, grouped by where, what and on which route. */
export const reportedError = v.object({
  source: v.picklist(ERROR_SOURCES),
  message: v.string(),
  stack: v.nullable(v.string()),
  route: v.string(),
  count: v.number(),
  lastAt: timestamp,
});
export type ReportedError = v.InferOutput<typeof reportedError>;

/**
 * A release's figures for one day (UTC): the sessions that loaded it, the share with an error
 * (uncaught, a rejection or an error boundary's fallback) and with a failed load, the 75th
 * percentile of its load time and of each vital on its routes (null without samples), and its
 * most frequent errors.
 */
export const releaseFigures = v.object({
  version: v.string(),
  day: v.pipe(v.string(), v.description('YYYY-MM-DD, UTC')),
  sessions: v.number(),
  errorSessions: v.number(),
  /** errorSessions / sessions, 0 to 1; 0 without sessions. */
  errorRate: v.number(),
  failedLoads: v.number(),
  /** Sessions with a failed load / sessions, 0 to 1. */
  failureRate: v.number(),
  loadP75Ms: p75,
  vitals: v.object({ LCP: p75, INP: p75, CLS: p75, TTFB: p75 }),
  errors: v.array(reportedError),
});
export type ReleaseFigures = v.InferOutput<typeof releaseFigures>;

/**
 * The automatic guard (off by default): when a canary's error rate over its last `sessions`
 * sessions exceeds the stable version's (over its own last `sessions`) by more than
 * `marginPercent` points, the registry rolls the canary back and records why.
 */
export const GUARD_SESSIONS_MIN = 1;
export const GUARD_SESSIONS_MAX = 10_000;
export const releaseGuardBody = v.object(
  {
    enabled: v.boolean('validation.required'),
    sessions: v.pipe(
      v.number('validation.guardSessions'),
      v.integer('validation.guardSessions'),
      v.minValue(GUARD_SESSIONS_MIN, 'validation.guardSessions'),
      v.maxValue(GUARD_SESSIONS_MAX, 'validation.guardSessions'),
    ),
    marginPercent: v.pipe(
      v.number('validation.guardMargin'),
      v.integer('validation.guardMargin'),
      v.minValue(0, 'validation.guardMargin'),
      v.maxValue(100, 'validation.guardMargin'),
    ),
  },
  'validation.required',
);
export type ReleaseGuardBody = v.InferOutput<typeof releaseGuardBody>;
export const RELEASE_GUARD_DEFAULT: ReleaseGuardBody = { enabled: false, sessions: 50, marginPercent: 5 };

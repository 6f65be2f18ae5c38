import type { TelemetryEvent } from 'contracts/telemetry';
import { appConfig } from '../config';
import { REMOTES } from '../remotes/remotes';
import { attributionOf, routeOf } from './attribution';
import { clampMs, createTelemetryClient, ERROR_MESSAGE_MAX, ERROR_STACK_MAX } from './client';
import { PENDING_KEY } from './constants';
import { pageSampleRate, tabSession } from './tab-session';
import type { RawReport } from './telemetry';
import { watchVitals } from './vitals';

/**
 * The telemetry chunk (loaded by `startTelemetry` once the page is live): the tab's sampling and
 * session, the batching client and its beacons, and the Web Vitals of the page's landing.
 */

/** At most this many reports come from the tab's previous page. */
const PENDING_MAX = 40;

/** A page's report as the contract's event: the route it happened on, the remote and its release. */
export function eventOf(raw: RawReport): TelemetryEvent {
  const route = routeOf(raw.path);
  if (raw.kind === 'load') {
    return {
      kind: 'load',
      remote: REMOTES[raw.remote],
      version: raw.version,
      ms: clampMs(raw.ms),
      ok: raw.ok,
      route,
    };
  }
  const where = raw.remote
    ? { remote: REMOTES[raw.remote], version: raw.version, route }
    : attributionOf(raw.path);
  return {
    kind: 'error',
    source: raw.source,
    ...where,
    message: (raw.message || 'Error').slice(0, ERROR_MESSAGE_MAX),
    ...(raw.stack ? { stack: raw.stack.slice(0, ERROR_STACK_MAX) } : {}),
  };
}

/** What a page of this tab that went away before its telemetry started left here, once. */
function takePending(storage: Storage | null): RawReport[] {
  try {
    const pending = JSON.parse(storage?.getItem(PENDING_KEY) ?? '[]') as unknown;
    storage?.removeItem(PENDING_KEY);
    return Array.isArray(pending) ? (pending as RawReport[]).slice(0, PENDING_MAX) : [];
  } catch {
    return [];
  }
}

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Starts reporting for a tab that samples in, with what the page reported so far; answers where
 * later reports go, or null for a tab sampled out (it then keeps nothing and loads no web-vitals).
 */
export function startReporting(
  landing: string,
  early: readonly RawReport[],
): ((raw: RawReport) => void) | null {
  const storage = sessionStorageOrNull();
  const pending = takePending(storage);
  const session = tabSession(pageSampleRate(document), storage);
  if (!session.reporting) return null;
  const client = createTelemetryClient({ session: session.id, url: `${appConfig().apiBase}/telemetry` });
  const take = (raw: RawReport) => client.add(eventOf(raw));
  for (const raw of [...pending, ...early]) take(raw);
  // The vitals measure the page's load: they go to the route and release it was loaded with.
  void watchVitals(attributionOf(landing), client.add).catch(() => undefined);
  return take;
}

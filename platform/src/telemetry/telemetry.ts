import type { ErrorSource } from 'contracts/telemetry';
import { whenSettled } from '../idle';
import { type RemoteName, releaseVersionOf } from '../remotes/remotes';
import { PENDING_KEY } from './constants';
import { messageOf, stackOf } from './describe-error';

/**
 * Page telemetry (issue 30), the part in the first scripts: what the page reports waits here, raw,
 * until the telemetry chunk (`./reporting`: sampling, batching, beacons, Web Vitals) arrives once
 * the page is live and idle. The chunk never competes with the first screen's scripts; an error
 * brings it at once (errors are what a release is judged by); a page that goes away before it
 * arrives leaves its reports to the tab's next page.
 */

/** A report as the page makes it: serializable, formatted into the contract's event by the chunk. */
export type RawReport =
  | { kind: 'load'; remote: RemoteName; version: string | null; ms: number; ok: boolean; path: string }
  | {
      kind: 'error';
      source: ErrorSource;
      /** Null: the remote owning `path` (an uncaught error). */
      remote: RemoteName | null;
      version: string | null;
      message: string;
      stack?: string;
      path: string;
    };

/** At most this many reports wait for the chunk. */
const WAITING_MAX = 40;
/** How long after the page is live and idle the chunk loads, when no error brings it sooner. */
export const TELEMETRY_START_DELAY_MS = 5_000;

type Sink = (report: RawReport) => void;

let off = false;
let waiting: RawReport[] = [];
let sink: Sink | null = null;
let started: Promise<void> | null = null;
let loadNow: (() => void) | null = null;

const here = () => window.location.pathname;

function report(raw: RawReport): void {
  if (typeof window === 'undefined' || off) return;
  if (sink) {
    sink(raw);
    return;
  }
  if (waiting.length < WAITING_MAX) waiting.push(raw);
  if (raw.kind === 'error') loadNow?.();
}

function errorReport(source: ErrorSource, error: unknown, remote: RemoteName | null, version: string | null) {
  const stack = stackOf(error);
  return {
    kind: 'error',
    source,
    remote,
    version,
    message: messageOf(error),
    ...(stack ? { stack } : {}),
    path: here(),
  } as const;
}

const onError = (event: ErrorEvent) =>
  report(errorReport('uncaught', event.error ?? event.message, null, null));
const onRejection = (event: PromiseRejectionEvent) =>
  report(errorReport('rejection', event.reason, null, null));
/** Before the chunk: what waits is kept for the tab's next page (a reload, a link followed). */
const onPageHide = () => {
  if (sink || waiting.length === 0) return;
  try {
    window.sessionStorage.setItem(PENDING_KEY, JSON.stringify(waiting));
  } catch {
    // Storage full or refused: these reports are lost.
  }
};

function listen(on: boolean): void {
  if (on) {
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    window.addEventListener('pagehide', onPageHide);
  } else {
    window.removeEventListener('error', onError);
    window.removeEventListener('unhandledrejection', onRejection);
    window.removeEventListener('pagehide', onPageHide);
  }
}

/**
 * Starts the page's telemetry, once (later calls answer the same promise, which settles when the
 * chunk has started or the tab is sampled out). Browser only; sets no cookie.
 */
export function startTelemetry(delayMs = TELEMETRY_START_DELAY_MS): Promise<void> {
  if (started) return started;
  if (typeof window === 'undefined') {
    off = true;
    started = Promise.resolve();
    return started;
  }
  const landing = here();
  listen(true);
  started = new Promise<void>((resolve) => {
    let cancelWait = () => {};
    const load = () => {
      loadNow = null;
      cancelWait();
      import(/* webpackChunkName: "telemetry" */ './reporting')
        .then(({ startReporting }) => {
          listen(false);
          const take = startReporting(landing, waiting.splice(0));
          if (take) sink = take;
          else off = true;
          // Whether this page reports, for QA's journeys (they leave a page once it does).
          document.documentElement.dataset.telemetry = take ? 'on' : 'off';
        })
        .catch(() => {
          // The chunk did not load (offline, a deploy in between): the page goes on without it.
          listen(false);
          off = true;
        })
        .finally(() => {
          waiting = [];
          resolve();
        });
    };
    loadNow = load;
    if (waiting.some((raw) => raw.kind === 'error')) load();
    else cancelWait = whenSettled(load, delayMs);
  });
  return started;
}

/** A remote's routes loading, from the start to ready (or to the failure), on the current page. */
export function reportRemoteLoad(remote: RemoteName, version: string | null, ms: number, ok: boolean): void {
  if (typeof window === 'undefined') return;
  report({ kind: 'load', remote, version, ms, ok, path: here() });
}

/** A remote area's error boundary showing its fallback. */
export function reportBoundaryError(remote: RemoteName, version: string | null, error: unknown): void {
  if (typeof window === 'undefined') return;
  report(errorReport('boundary', error, remote, version));
}

/**
 * Runs `load` (a remote's code loading) and reports how long it took and whether it worked, for
 * the release this page runs of that remote. Answers what `load` answers.
 */
export async function measureRemoteLoad<T>(remote: RemoteName, load: () => Promise<T>): Promise<T> {
  const begun = performance.now();
  const done = (ok: boolean) =>
    reportRemoteLoad(remote, releaseVersionOf(remote), performance.now() - begun, ok);
  try {
    const loaded = await load();
    done(true);
    return loaded;
  } catch (error) {
    done(false);
    throw error;
  }
}

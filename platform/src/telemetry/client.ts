import { type ErrorSource, TELEMETRY_BATCH_MAX, type TelemetryEvent } from 'contracts/telemetry';
import { type Attribution, attributionOf, type RemoteRelease } from './attribution';
import { batchBodies, sendBody } from './beacon';
import { messageOf } from './describe-error';

/** A page load reports at most this many errors, each distinct one once: a storm costs one beacon. */
export const ERRORS_PER_PAGE_MAX = 10;

// The contract's limits, so that the API never refuses a batch for one long stack.
export const ERROR_MESSAGE_MAX = 500;
export const ERROR_STACK_MAX = 4000;
const MS_MAX = 600_000;

/** A duration or a vital within what the contract takes (0 to ten minutes). */
export const clampMs = (value: number) => Math.min(MS_MAX, Math.max(0, Number.isFinite(value) ? value : 0));

export function errorEvent(source: ErrorSource, error: unknown, where: Attribution): TelemetryEvent {
  const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : undefined;
  return {
    kind: 'error',
    source,
    ...where,
    message: messageOf(error).slice(0, ERROR_MESSAGE_MAX),
    ...(stack ? { stack: stack.slice(0, ERROR_STACK_MAX) } : {}),
  };
}

export function loadEvent(release: RemoteRelease, ms: number, ok: boolean, route: string): TelemetryEvent {
  return { kind: 'load', ...release, ms: clampMs(ms), ok, route };
}

export interface TelemetryClient {
  /** Queues an event; a full batch goes at once. */
  add(event: TelemetryEvent): void;
  /** Sends what is queued. */
  flush(): void;
  /** Sends what is queued and stops listening to the page. */
  stop(): void;
}

/**
 * A reporting page's queue: events wait until the page is hidden or goes away (then one beacon
 * carries them) or until a batch fills. It also reports the window's uncaught errors and
 * unhandled rejections, on the route the page is on.
 */
export function createTelemetryClient({ session, url }: { session: string; url: string }): TelemetryClient {
  let queue: TelemetryEvent[] = [];
  const errorsSeen = new Set<string>();

  const flush = () => {
    if (queue.length === 0) return;
    const events = queue;
    queue = [];
    for (const body of batchBodies(session, events)) sendBody(url, body);
  };

  const add = (event: TelemetryEvent) => {
    if (event.kind === 'error') {
      const key = JSON.stringify([event.source, event.remote, event.message, event.route]);
      if (errorsSeen.has(key) || errorsSeen.size >= ERRORS_PER_PAGE_MAX) return;
      errorsSeen.add(key);
    }
    queue.push(event);
    if (queue.length >= TELEMETRY_BATCH_MAX) flush();
  };

  const here = () => attributionOf(window.location.pathname);
  const onError = (event: ErrorEvent) => add(errorEvent('uncaught', event.error ?? event.message, here()));
  const onRejection = (event: PromiseRejectionEvent) => add(errorEvent('rejection', event.reason, here()));
  // On the document: web-vitals reports the last INP and CLS from a listener on the window's capture
  // phase, which runs before this one, so they leave in the same beacon.
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') flush();
  };

  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', onVisibility);

  return {
    add,
    flush,
    stop() {
      flush();
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
    },
  };
}

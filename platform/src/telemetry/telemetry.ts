import { TELEMETRY_BATCH_MAX, type TelemetryEvent } from 'contracts/telemetry';
import { appConfig } from '../config';
import { whenIdle } from '../idle';
import { type RemoteName, REMOTES, releaseVersionOf } from '../remotes/remotes';
import { attributionOf, routeOf } from './attribution';
import { createTelemetryClient, errorEvent, loadEvent, type TelemetryClient } from './client';
import { pageSampleRate, tabSession } from './tab-session';
import { watchVitals } from './vitals';

type State =
  /** Before startTelemetry: events wait (the page's first remote loads before the app starts it). */
  | { phase: 'waiting'; early: TelemetryEvent[] }
  | { phase: 'reporting'; client: TelemetryClient }
  /** Sampled out, or on the server: nothing is kept. */
  | { phase: 'off' };

let state: State = { phase: 'waiting', early: [] };

function report(event: TelemetryEvent): void {
  if (typeof window === 'undefined') return;
  if (state.phase === 'reporting') state.client.add(event);
  else if (state.phase === 'waiting' && state.early.length < TELEMETRY_BATCH_MAX) state.early.push(event);
}

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Page telemetry (issue 30), once per page; later calls do nothing. The tab decides once whether
 * it reports, at the page's sample rate (`<meta name="app-telemetry-sample">`); a reporting page
 * sends its Web Vitals, remote loads and errors to `${apiBase}/telemetry` by beacon. It sets no
 * cookie. Browser only.
 */
export function startTelemetry(): void {
  if (state.phase !== 'waiting') return;
  const { early } = state;
  if (typeof window === 'undefined') {
    state = { phase: 'off' };
    return;
  }
  const session = tabSession(pageSampleRate(document), sessionStorageOrNull());
  if (!session.reporting) {
    state = { phase: 'off' };
    return;
  }
  const client = createTelemetryClient({ session: session.id, url: `${appConfig().apiBase}/telemetry` });
  state = { phase: 'reporting', client };
  for (const event of early) client.add(event);
  const landing = attributionOf(window.location.pathname);
  whenIdle(() => void watchVitals(landing, report).catch(() => undefined));
}

const currentPath = () => (typeof window === 'undefined' ? '/' : window.location.pathname);

/** A remote's routes loading, from the start to ready (or to the failure), on the current page. */
export function reportRemoteLoad(remote: RemoteName, version: string | null, ms: number, ok: boolean): void {
  report(loadEvent({ remote: REMOTES[remote], version }, ms, ok, routeOf(currentPath())));
}

/** A remote area's error boundary showing its fallback. */
export function reportBoundaryError(remote: RemoteName, version: string | null, error: unknown): void {
  report(errorEvent('boundary', error, { remote: REMOTES[remote], version, route: routeOf(currentPath()) }));
}

/**
 * Runs `load` (a remote's code loading) and reports how long it took and whether it worked, for
 * the release this page runs of that remote. Answers what `load` answers.
 */
export async function measureRemoteLoad<T>(remote: RemoteName, load: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const done = (ok: boolean) =>
    reportRemoteLoad(remote, releaseVersionOf(remote), performance.now() - started, ok);
  try {
    const loaded = await load();
    done(true);
    return loaded;
  } catch (error) {
    done(false);
    throw error;
  }
}

import type { TelemetryBatch, TelemetryEvent } from 'contracts/telemetry';
import type { FastifyInstance } from 'fastify';

/** Test-data builders for page telemetry: events as the pages' beacon sends them. */

let sessions = 0;
/** A new tab's session id. */
export const newSession = () => `tab-session-${++sessions}`;

type Release = { remote: string; version: string | null };
/** Errors and vitals may come from the shell's own page: no remote. */
type Source = { remote: string | null; version: string | null };

export const loadEvent = (
  { remote, version }: Release,
  overrides: Partial<Extract<TelemetryEvent, { kind: 'load' }>> = {},
): TelemetryEvent => ({ kind: 'load', remote, version, ms: 120, ok: true, route: '/', ...overrides });

export const errorEvent = (
  { remote, version }: Source,
  overrides: Partial<Extract<TelemetryEvent, { kind: 'error' }>> = {},
): TelemetryEvent => ({
  kind: 'error',
  source: 'uncaught',
  remote,
  version,
  message: 'TypeError: x is undefined',
  stack: 'at render (app.js:1:1)',
  route: '/',
  ...overrides,
});

export const vitalEvent = (
  { remote, version }: Source,
  overrides: Partial<Extract<TelemetryEvent, { kind: 'vital' }>> = {},
): TelemetryEvent => ({ kind: 'vital', name: 'LCP', value: 1800, route: '/', remote, version, ...overrides });

export const batchOf = (session: string, ...events: TelemetryEvent[]): TelemetryBatch => ({
  session,
  events,
});

let addresses = 0;

/**
 * Sends a beacon as navigator.sendBeacon does (no CSRF header), as JSON unless `contentType` says
 * otherwise; each from its own address unless one is given, so the route's limit stays out of the way.
 */
export function sendBeacon(
  app: FastifyInstance,
  body: unknown,
  options: { contentType?: string; remoteAddress?: string; acceptLanguage?: string } = {},
) {
  addresses += 1;
  return app.inject({
    method: 'POST',
    url: '/api/telemetry',
    remoteAddress: options.remoteAddress ?? `10.${(addresses >> 8) & 255}.${addresses & 255}.1`,
    headers: {
      'content-type': options.contentType ?? 'application/json',
      ...(options.acceptLanguage ? { 'accept-language': options.acceptLanguage } : {}),
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

import { TELEMETRY_BATCH_MAX, TELEMETRY_BODY_MAX_BYTES, type TelemetryEvent } from 'contracts/telemetry';

const encoder = new TextEncoder();
const byteLength = (text: string) => encoder.encode(text).length;

/**
 * The bodies that carry `events`: each a `telemetryBatch` of at most TELEMETRY_BATCH_MAX events and
 * TELEMETRY_BODY_MAX_BYTES bytes. An event too large for a body of its own is left out (the
 * contract's limits on messages and stacks keep any real one well under it).
 */
export function batchBodies(session: string, events: readonly TelemetryEvent[]): string[] {
  const head = `{"session":${JSON.stringify(session)},"events":[`;
  const tail = ']}';
  const empty = byteLength(head) + byteLength(tail);
  const bodies: string[] = [];
  let parts: string[] = [];
  let bytes = empty;
  const close = () => {
    if (parts.length) bodies.push(`${head}${parts.join(',')}${tail}`);
    parts = [];
    bytes = empty;
  };
  for (const event of events) {
    const json = JSON.stringify(event);
    const size = byteLength(json);
    if (empty + size > TELEMETRY_BODY_MAX_BYTES) continue;
    const comma = () => (parts.length ? 1 : 0);
    if (parts.length === TELEMETRY_BATCH_MAX || bytes + comma() + size > TELEMETRY_BODY_MAX_BYTES) close();
    bytes += comma() + size;
    parts.push(json);
  }
  close();
  return bodies;
}

/**
 * Sends a body as the page goes away: `sendBeacon` (the browser delivers it after the page is
 * gone), else a `fetch` with `keepalive` when there is no beacon or it refused the body (its queue
 * full). Both send it as text/plain, which another origin takes without a preflight.
 */
export function sendBody(url: string, body: string): void {
  try {
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(url, body)) return;
  } catch {
    // A beacon to a URL the page's policy refuses throws: try fetch, which reports it quietly.
  }
  void fetch(url, { method: 'POST', body, keepalive: true }).catch(() => undefined);
}

import { validate } from 'contracts';
import {
  TELEMETRY_BATCH_MAX,
  TELEMETRY_BODY_MAX_BYTES,
  type TelemetryBatch,
  type TelemetryEvent,
  telemetryBatch,
} from 'contracts/telemetry';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: vi.fn(),
  loadRemote: vi.fn(),
  preloadRemote: vi.fn(),
}));

const { registerRegistry } = await import('../remotes/remotes');
const { batchBodies } = await import('./beacon');
const { createTelemetryClient, ERRORS_PER_PAGE_MAX } = await import('./client');

const URL = '/api/telemetry';
const SESSION = 'tab-0123456789';
const V1 = '1.2.0+aaaaaaaaaaaa';

const load = (ms: number): TelemetryEvent => ({
  kind: 'load',
  remote: 'mfe_catalog',
  version: V1,
  ms,
  ok: true,
  route: '/',
});

/** A body as the API reads it: its contract's batch, or the test fails. */
function valid(body: string): TelemetryBatch {
  const result = validate(telemetryBatch, JSON.parse(body));
  if (!result.ok) throw new Error(`Not a batch: ${JSON.stringify(result.fields)}`);
  return result.value;
}

let client: ReturnType<typeof createTelemetryClient>;
let beacon: ReturnType<typeof vi.fn<(url: string, body: string) => boolean>>;

/** The batches the beacon carried, checked against the contract the API reads them with. */
const sent = (): TelemetryBatch[] =>
  beacon.mock.calls.map(([url, body]) => {
    expect(url).toBe(URL);
    return valid(body);
  });

function hide() {
  Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  registerRegistry(
    {
      mfe_catalog: { entry: '/mfe/catalog/mf-manifest.json', version: V1, routes: ['/', '/girl/:id'] },
      mfe_auth: { entry: '/mfe/auth/mf-manifest.json', routes: ['/login/:type'] },
    },
    'http://site.test/',
  );
  beacon = vi.fn(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true, writable: true });
  client = createTelemetryClient({ session: SESSION, url: URL });
});

afterEach(() => {
  client.stop();
  Reflect.deleteProperty(document, 'visibilityState');
  Reflect.deleteProperty(navigator, 'sendBeacon');
  window.history.replaceState(null, '', '/test-runner');
  vi.restoreAllMocks();
});

describe('the telemetry client', () => {
  it('keeps events until the page goes away, then sends them in one beacon', () => {
    client.add(load(120));
    client.add(load(340));
    expect(beacon).not.toHaveBeenCalled();

    window.dispatchEvent(new Event('pagehide'));
    expect(sent()).toEqual([{ session: SESSION, events: [load(120), load(340)] }]);
    // Nothing is sent twice.
    window.dispatchEvent(new Event('pagehide'));
    expect(beacon).toHaveBeenCalledOnce();
  });

  it('sends when the page is hidden', () => {
    client.add(load(120));
    hide();
    expect(sent()[0]?.events).toEqual([load(120)]);
  });

  it('sends a full batch at once and starts another', () => {
    for (let i = 0; i <= TELEMETRY_BATCH_MAX; i++) client.add(load(i));
    expect(sent()).toHaveLength(1);
    expect(sent()[0]?.events).toHaveLength(TELEMETRY_BATCH_MAX);
    window.dispatchEvent(new Event('pagehide'));
    expect(sent()[1]?.events).toEqual([load(TELEMETRY_BATCH_MAX)]);
  });

  it('falls back to fetch with keepalive when the beacon refuses the body, or there is none', () => {
    const fetch = vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(null, { status: 204 }));
    beacon.mockReturnValue(false);
    client.add(load(1));
    window.dispatchEvent(new Event('pagehide'));
    Object.defineProperty(navigator, 'sendBeacon', { value: undefined });
    client.add(load(2));
    window.dispatchEvent(new Event('pagehide'));

    expect(fetch).toHaveBeenCalledTimes(2);
    const bodies = fetch.mock.calls.map(([url, init]) => {
      expect(url).toBe(URL);
      expect(init).toMatchObject({ method: 'POST', keepalive: true });
      return valid(String(init?.body)).events;
    });
    expect(bodies).toEqual([[load(1)], [load(2)]]);
  });

  it('reports uncaught errors and unhandled rejections on the route and remote the page is on', () => {
    window.history.replaceState(null, '', '/en/girl/12');
    const error = new TypeError('x is undefined');
    window.dispatchEvent(new ErrorEvent('error', { error, message: error.message }));
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: 'timeout' }));
    window.history.replaceState(null, '', '/login/girl');
    window.dispatchEvent(Object.assign(new Event('unhandledrejection'), { reason: { code: 42 } }));
    window.dispatchEvent(new Event('pagehide'));

    expect(sent()[0]?.events).toEqual([
      {
        kind: 'error',
        source: 'uncaught',
        remote: 'mfe_catalog',
        version: V1,
        route: '/girl/:id',
        message: 'TypeError: x is undefined',
        stack: error.stack,
      },
      {
        kind: 'error',
        source: 'rejection',
        remote: 'mfe_catalog',
        version: V1,
        route: '/girl/:id',
        message: 'timeout',
      },
      // A remote served from the registry file runs no release: its version is null.
      {
        kind: 'error',
        source: 'rejection',
        remote: 'mfe_auth',
        version: null,
        route: '/login/:type',
        message: '{"code":42}',
      },
    ]);
  });

  it('reports an error storm as its distinct errors, at most ten a page load', () => {
    for (let i = 0; i < 50; i++) {
      window.dispatchEvent(new ErrorEvent('error', { message: 'same thing again' }));
    }
    for (let i = 0; i < 50; i++) {
      window.dispatchEvent(new ErrorEvent('error', { message: `error ${i}` }));
    }
    window.dispatchEvent(new Event('pagehide'));
    const messages = sent().flatMap((batch) =>
      batch.events.map((event) => (event.kind === 'error' ? event.message : null)),
    );
    expect(messages).toHaveLength(ERRORS_PER_PAGE_MAX);
    expect(messages.slice(0, 2)).toEqual(['same thing again', 'error 0']);
  });

  it('cuts a message and a stack to what the contract takes', () => {
    const error = new Error('m'.repeat(800));
    error.stack = 's'.repeat(9000);
    window.dispatchEvent(new ErrorEvent('error', { error }));
    window.dispatchEvent(new Event('pagehide'));
    const [event] = sent()[0]?.events ?? [];
    expect(event?.kind === 'error' && [event.message.length, event.stack?.length]).toEqual([500, 4000]);
  });
});

describe('the beacon’s bodies', () => {
  it('stay under the byte limit with long stacks in several languages, and lose no event', () => {
    const events: TelemetryEvent[] = Array.from({ length: TELEMETRY_BATCH_MAX }, (_, i) => ({
      kind: 'error',
      source: 'boundary',
      remote: 'mfe_catalog',
      version: V1,
      route: '/',
      message: `Ошибка ${i}: ${'я'.repeat(490)}`.slice(0, 500),
      stack: 'в строке «5»\n'.repeat(400).slice(0, 4000),
    }));
    const bodies = batchBodies(SESSION, events);
    expect(bodies.length).toBeGreaterThan(1);
    for (const body of bodies)
      expect(new TextEncoder().encode(body).length).toBeLessThanOrEqual(TELEMETRY_BODY_MAX_BYTES);
    expect(bodies.flatMap((body) => valid(body).events)).toEqual(events);
  });
});

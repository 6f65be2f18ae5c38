import { validate } from 'contracts';
import { type TelemetryBatch, telemetryBatch } from 'contracts/telemetry';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SAMPLE_META_NAME } from './tab-session';

vi.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: vi.fn(),
  loadRemote: vi.fn(),
  preloadRemote: vi.fn(),
}));
// The library needs a browser's performance entries: here, what the page asks of it is enough.
vi.mock('./vitals', () => ({ watchVitals: vi.fn(async () => undefined) }));
vi.mock('../idle', () => ({
  whenSettled: (task: () => void, delayMs: number) => {
    const timer = setTimeout(task, delayMs);
    return () => clearTimeout(timer);
  },
}));

const V1 = '1.2.0+aaaaaaaaaaaa';
const registry = {
  mfe_catalog: { entry: '/mfe/catalog/mf-manifest.json', version: V1, routes: ['/', '/girl/:id'] },
  mfe_admin: { entry: '/mfe/admin/mf-manifest.json', routes: ['/admin/*'] },
};

/** A page load: the platform's modules afresh (the tab's sessionStorage stays), the registry registered. */
async function loadPage(path = '/girl/7') {
  vi.resetModules();
  window.history.replaceState(null, '', path);
  const remotes = await import('../remotes/remotes');
  remotes.registerRegistry(registry, 'http://site.test/');
  return { ...(await import('./telemetry')), vitals: await import('./vitals') };
}

function pageRate(content: string) {
  const meta = document.createElement('meta');
  meta.name = SAMPLE_META_NAME;
  meta.content = content;
  document.head.append(meta);
}

let beacon: ReturnType<typeof vi.fn<(url: string, body: string) => boolean>>;
const batches = (): TelemetryBatch[] =>
  beacon.mock.calls.map(([, body]) => {
    const result = validate(telemetryBatch, JSON.parse(body));
    if (!result.ok) throw new Error(`Not a batch: ${JSON.stringify(result.fields)}`);
    return result.value;
  });
const leave = () => window.dispatchEvent(new Event('pagehide'));

beforeEach(() => {
  beacon = vi.fn(() => true);
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true, writable: true });
});

afterEach(() => {
  document.head.querySelector(`meta[name="${SAMPLE_META_NAME}"]`)?.remove();
  sessionStorage.clear();
  Reflect.deleteProperty(navigator, 'sendBeacon');
  window.history.replaceState(null, '', '/test-runner');
  vi.restoreAllMocks();
});

describe('page telemetry', () => {
  it('sends nothing from a tab sampled out, and does not load web-vitals', async () => {
    pageRate('0');
    const fetch = vi.spyOn(globalThis, 'fetch');
    const page = await loadPage();
    page.reportRemoteLoad('catalog', V1, 200, true);
    await page.startTelemetry(0);
    page.reportBoundaryError('catalog', V1, new Error('render failure'));
    leave();
    expect(beacon).not.toHaveBeenCalled();
    expect(fetch).not.toHaveBeenCalled();
    expect(page.vitals.watchVitals).not.toHaveBeenCalled();
  });

  it('starts once: what was reported before the start goes out with the rest, to the API’s endpoint', async () => {
    const page = await loadPage('/en/girl/7');
    page.reportRemoteLoad('catalog', V1, 180.5, true);
    await page.startTelemetry(0);
    await page.startTelemetry(0);
    page.reportBoundaryError('admin', null, new Error('render failure'));
    leave();

    expect(beacon).toHaveBeenCalledOnce();
    expect(beacon.mock.calls[0]?.[0]).toBe('/api/telemetry');
    expect(batches()[0]?.events).toEqual([
      { kind: 'load', remote: 'mfe_catalog', version: V1, ms: 180.5, ok: true, route: '/girl/:id' },
      expect.objectContaining({
        kind: 'error',
        source: 'boundary',
        remote: 'mfe_admin',
        version: null,
        message: 'render failure',
        route: '/girl/:id',
      }),
    ]);
    // The vitals measure the page's load: they go to the route and release it was loaded with.
    expect(page.vitals.watchVitals).toHaveBeenCalledOnce();
    expect(vi.mocked(page.vitals.watchVitals).mock.calls[0]?.[0]).toEqual({
      route: '/girl/:id',
      remote: 'mfe_catalog',
      version: V1,
    });
    expect(document.cookie).toBe('');
  });

  it('keeps the tab’s session id and decision across a reload', async () => {
    const first = await loadPage();
    await first.startTelemetry(0);
    first.reportRemoteLoad('catalog', V1, 100, true);
    leave();
    // The server samples fewer tabs now: this tab has decided already.
    pageRate('0');
    const second = await loadPage();
    await second.startTelemetry(0);
    second.reportRemoteLoad('catalog', V1, 90, true);
    leave();

    const [before, after] = batches();
    expect(after?.session).toBe(before?.session);
    expect(after?.events).toHaveLength(1);
  });

  it('measures a remote’s load with the release this page runs, and a failed one', async () => {
    const page = await loadPage('/');
    await page.startTelemetry(0);
    vi.spyOn(performance, 'now').mockReturnValueOnce(1000).mockReturnValueOnce(1250);
    await expect(page.measureRemoteLoad('catalog', async () => 'routes')).resolves.toBe('routes');
    const failure = new Error('manifest 404');
    await expect(
      page.measureRemoteLoad('admin', async () => {
        throw failure;
      }),
    ).rejects.toBe(failure);
    leave();

    const [loaded, failed] = batches()[0]?.events ?? [];
    expect(loaded).toEqual({
      kind: 'load',
      remote: 'mfe_catalog',
      version: V1,
      ms: 250,
      ok: true,
      route: '/',
    });
    expect(failed).toMatchObject({ kind: 'load', remote: 'mfe_admin', version: null, ok: false, route: '/' });
  });

  it('brings the telemetry chunk at once for an error, without waiting for the idle delay', async () => {
    const page = await loadPage('/');
    const started = page.startTelemetry(60_000);
    page.reportBoundaryError('catalog', V1, new Error('render failure'));
    await started;
    leave();
    expect(batches()[0]?.events).toEqual([
      expect.objectContaining({ kind: 'error', source: 'boundary', remote: 'mfe_catalog', version: V1 }),
    ]);
  });

  it('leaves what a page reported before its chunk came to the tab’s next page', async () => {
    const first = await loadPage('/');
    void first.startTelemetry(60_000);
    first.reportRemoteLoad('catalog', V1, 120, true);
    leave();
    expect(beacon).not.toHaveBeenCalled();

    const second = await loadPage('/girl/7');
    await second.startTelemetry(0);
    second.reportRemoteLoad('catalog', V1, 80, true);
    leave();
    expect(batches()[0]?.events).toEqual([
      { kind: 'load', remote: 'mfe_catalog', version: V1, ms: 120, ok: true, route: '/' },
      { kind: 'load', remote: 'mfe_catalog', version: V1, ms: 80, ok: true, route: '/girl/:id' },
    ]);
  });
});

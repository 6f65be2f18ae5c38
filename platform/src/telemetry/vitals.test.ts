import { describe, expect, it, vi } from 'vitest';

type Callback = (metric: { name: string; value: number }) => void;
const callbacks = vi.hoisted(() => new Map<string, Callback>());
vi.mock('web-vitals', () => ({
  onLCP: (callback: Callback) => callbacks.set('LCP', callback),
  onINP: (callback: Callback) => callbacks.set('INP', callback),
  onCLS: (callback: Callback) => callbacks.set('CLS', callback),
  onTTFB: (callback: Callback) => callbacks.set('TTFB', callback),
}));

const { watchVitals } = await import('./vitals');

describe('the page’s Web Vitals', () => {
  it('reports LCP, INP, CLS and TTFB on the route and release the page loaded with', async () => {
    const report = vi.fn();
    const where = { route: '/girl/:id', remote: 'mfe_catalog', version: '1.2.0+aaaaaaaaaaaa' };
    await watchVitals(where, report);
    expect([...callbacks.keys()].sort()).toEqual(['CLS', 'INP', 'LCP', 'TTFB']);

    callbacks.get('LCP')?.({ name: 'LCP', value: 1830.4 });
    callbacks.get('CLS')?.({ name: 'CLS', value: 0.12 });
    // Past the contract's ten minutes (a response that stalled), it says ten minutes.
    callbacks.get('TTFB')?.({ name: 'TTFB', value: 3_600_000 });
    expect(report.mock.calls.map(([event]) => event)).toEqual([
      { kind: 'vital', name: 'LCP', value: 1830.4, ...where },
      { kind: 'vital', name: 'CLS', value: 0.12, ...where },
      { kind: 'vital', name: 'TTFB', value: 600_000, ...where },
    ]);
  });
});

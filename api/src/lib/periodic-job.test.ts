import Fastify from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { periodicJobPlugin } from './periodic-job';

/** The runner every background job (expiry, campaign completion, the retention jobs) is registered with. */
describe('a periodic job', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  async function appWith(run: () => Promise<number>) {
    vi.useFakeTimers();
    const outcomes: string[] = [];
    const app = Fastify();
    app.decorate('metrics', {
      jobRun: (job: string, outcome: string) => outcomes.push(`${job} ${outcome}`),
    } as never);
    await app.register(
      periodicJobPlugin(
        { job: 'sweep', everyMs: 1_000, run, did: 'swept' },
        { name: 'sweep-job', dependencies: [] },
      ),
    );
    await app.ready();
    return { app, outcomes };
  }

  it('runs every period, counting each run done or failed', async () => {
    let calls = 0;
    const { app, outcomes } = await appWith(async () => {
      calls += 1;
      if (calls === 2) throw new Error('database gone');
      return calls;
    });
    expect(calls).toBe(0);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(calls).toBe(3);
    expect(outcomes).toEqual(['sweep done', 'sweep failed', 'sweep done']);
    // Closed with the server: no run after.
    await app.close();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toBe(3);
  });

  it('never starts a run while the last one is still running', async () => {
    let calls = 0;
    let finish: (count: number) => void = () => {};
    const { app, outcomes } = await appWith(() => {
      calls += 1;
      return new Promise<number>((resolve) => {
        finish = resolve;
      });
    });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(calls).toBe(1);
    finish(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(calls).toBe(2);
    expect(outcomes).toEqual(['sweep done']);
    finish(0);
    await app.close();
  });
});

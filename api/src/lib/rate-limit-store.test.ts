import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRateLimitStore } from './rate-limit-store';

afterEach(() => {
  vi.useRealTimers();
});

describe('the in-memory rate-limit store', () => {
  it('counts hits of a key within its window, each key on its own', async () => {
    const store = createMemoryRateLimitStore();
    expect((await store.hit('a', 60_000)).count).toBe(1);
    expect((await store.hit('a', 60_000)).count).toBe(2);
    expect((await store.hit('b', 60_000)).count).toBe(1);
    const hit = await store.hit('a', 60_000);
    expect(hit.count).toBe(3);
    expect(hit.resetInMs).toBeGreaterThan(0);
    expect(hit.resetInMs).toBeLessThanOrEqual(60_000);
  });

  it('starts again when the window is over', async () => {
    vi.useFakeTimers();
    const store = createMemoryRateLimitStore();
    await store.hit('a', 1_000);
    await store.hit('a', 1_000);
    vi.advanceTimersByTime(1_001);
    expect((await store.hit('a', 1_000)).count).toBe(1);
  });

  it('takes a hit back, never below zero', async () => {
    const store = createMemoryRateLimitStore();
    await store.hit('a', 60_000);
    await store.hit('a', 60_000);
    await store.release('a');
    expect((await store.hit('a', 60_000)).count).toBe(2);
    await store.release('a');
    await store.release('a');
    await store.release('a');
    await store.release('unknown');
    expect((await store.hit('a', 60_000)).count).toBe(1);
  });

  it('forgets expired keys, so memory does not grow with every address ever seen', async () => {
    vi.useFakeTimers();
    const store = createMemoryRateLimitStore();
    for (let i = 0; i < 1000; i++) await store.hit(`key-${i}`, 1_000);
    expect(store.size()).toBe(1000);
    vi.advanceTimersByTime(61_000);
    await store.hit('fresh', 1_000);
    expect(store.size()).toBe(1);
  });
});

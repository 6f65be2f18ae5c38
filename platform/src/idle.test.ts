import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './idle';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('whenIdle', () => {
  it('runs the task in an idle callback once the page has loaded', () => {
    const callbacks: Array<() => void> = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void) => callbacks.push(callback));
    const task = vi.fn();
    whenIdle(task);
    expect(task).not.toHaveBeenCalled();
    callbacks.forEach((callback) => {
      callback();
    });
    expect(task).toHaveBeenCalledOnce();
  });

  it('waits a second where there are no idle callbacks, and a cancelled task never runs', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const ran = vi.fn();
    const cancelled = vi.fn();
    whenIdle(ran);
    whenIdle(cancelled)();
    vi.advanceTimersByTime(999);
    expect(ran).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(ran).toHaveBeenCalledOnce();
    expect(cancelled).not.toHaveBeenCalled();
  });
});

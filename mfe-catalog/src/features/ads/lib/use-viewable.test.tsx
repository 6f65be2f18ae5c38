import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeIntersectionObserver, setTabVisibility } from '../../../testing/fake-intersection-observer';
import { useViewable } from './use-viewable';

function Ad({ token, onViewable }: { token: string; onViewable: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useViewable(ref, token, onViewable);
  return <div ref={ref} data-testid="ad" />;
}

const ad = () => screen.getByTestId('ad');
const show = (ratio: number) => act(() => FakeIntersectionObserver.show(ad(), ratio));
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

let onViewable = vi.fn();

beforeEach(() => {
  vi.useFakeTimers();
  FakeIntersectionObserver.install();
  setTabVisibility('visible');
  onViewable = vi.fn();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useViewable (half of the ad on screen for one continuous second)', () => {
  it('watches with a threshold of one half', () => {
    render(<Ad token="t1" onViewable={onViewable} />);
    const [observer] = FakeIntersectionObserver.instances;
    expect(observer?.thresholds).toContain(0.5);
  });

  it('never counts 49% on screen, however long', () => {
    render(<Ad token="t1" onViewable={onViewable} />);
    show(0.49);
    wait(60_000);
    expect(onViewable).not.toHaveBeenCalled();
  });

  it('does not count half on screen for 999 ms', () => {
    render(<Ad token="t1" onViewable={onViewable} />);
    show(0.5);
    wait(999);
    expect(onViewable).not.toHaveBeenCalled();
    show(0.3);
    wait(5_000);
    expect(onViewable).not.toHaveBeenCalled();
  });

  it('counts half on screen for one second, once, and stops watching', () => {
    render(<Ad token="t1" onViewable={onViewable} />);
    show(0.5);
    wait(1_000);
    expect(onViewable).toHaveBeenCalledTimes(1);
    expect(FakeIntersectionObserver.watching(ad())).toBe(false);
    show(0);
    show(1);
    wait(5_000);
    expect(onViewable).toHaveBeenCalledTimes(1);
  });

  it('starts the second again when the ad drops below half', () => {
    render(<Ad token="t1" onViewable={onViewable} />);
    show(0.8);
    wait(700);
    show(0.2);
    show(0.8);
    wait(700);
    expect(onViewable).not.toHaveBeenCalled();
    wait(300);
    expect(onViewable).toHaveBeenCalledTimes(1);
  });

  it('pauses while the tab is hidden and needs a whole visible second after it', () => {
    render(<Ad token="t1" onViewable={onViewable} />);
    show(1);
    wait(600);
    act(() => setTabVisibility('hidden'));
    wait(10_000);
    expect(onViewable).not.toHaveBeenCalled();
    act(() => setTabVisibility('visible'));
    wait(999);
    expect(onViewable).not.toHaveBeenCalled();
    wait(1);
    expect(onViewable).toHaveBeenCalledTimes(1);
  });

  it('does not count an ad in view while the tab was hidden from the start', () => {
    setTabVisibility('hidden');
    render(<Ad token="t1" onViewable={onViewable} />);
    show(1);
    wait(5_000);
    expect(onViewable).not.toHaveBeenCalled();
  });

  it('stops the timer when the ad leaves the page', () => {
    const { unmount } = render(<Ad token="t1" onViewable={onViewable} />);
    show(1);
    wait(500);
    unmount();
    wait(5_000);
    expect(onViewable).not.toHaveBeenCalled();
  });

  it('watches anew for another ad in the same place', () => {
    const { rerender } = render(<Ad token="t1" onViewable={onViewable} />);
    show(1);
    wait(1_000);
    rerender(<Ad token="t2" onViewable={onViewable} />);
    show(1);
    wait(1_000);
    expect(onViewable).toHaveBeenCalledTimes(2);
  });
});

import { useEffect, useState } from 'react';

/** When a wait of `seconds` from now ends, in milliseconds since the epoch. */
export const deadlineIn = (seconds: number): number => Date.now() + Math.max(0, seconds) * 1000;

/** 75 -> "1:15": the form people read a short wait in, in both languages. */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${String(whole % 60).padStart(2, '0')}`;
}

const secondsUntil = (deadline: number | null): number =>
  deadline === null ? 0 : Math.max(0, Math.ceil((deadline - Date.now()) / 1000));

/**
 * Whole seconds left until `deadline`, re-rendering as they pass; 0 without one. Counting to a
 * deadline rather than down from a number keeps it right when the tab sleeps or timers lag.
 */
export function useCountdown(deadline: number | null): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (deadline === null) return;
    const timer = window.setInterval(() => {
      setTick((tick) => tick + 1);
      if (Date.now() >= deadline) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [deadline]);
  return secondsUntil(deadline);
}

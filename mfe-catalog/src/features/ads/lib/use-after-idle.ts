import { useEffect, useState } from 'react';

/** Past this the browser is asked to run the callback anyway, so a busy page still gets its ads. */
const IDLE_TIMEOUT_MS = 1500;

/**
 * True once `ready` is true and the browser has had an idle moment after it (the listing's cards
 * have been laid out and painted); false again while `ready` is false.
 */
export function useAfterIdle(ready: boolean): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!ready) {
      setIdle(false);
      return;
    }
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: IDLE_TIMEOUT_MS });
      return () => window.cancelIdleCallback(handle);
    }
    // Safari has no requestIdleCallback: a short timer still lets the cards paint first.
    const timer = window.setTimeout(() => setIdle(true), 50);
    return () => window.clearTimeout(timer);
  }, [ready]);
  return ready && idle;
}

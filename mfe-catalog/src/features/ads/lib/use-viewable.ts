import { type RefObject, useEffect, useRef } from 'react';

/** The IAB display rule: at least half of the ad in view... */
export const VIEWABLE_SHARE = 0.5;
/** ...for one continuous second. */
export const VIEWABLE_MS = 1000;
/**
 * Browsers report a box exactly half in view as 0.4999… or 0.5000… depending on rounding of
 * sub-pixel layout; this keeps "half" meaning half without letting 49% through.
 */
const RATIO_TOLERANCE = 0.002;

/**
 * Calls `onViewable` once, when at least half of the element has been on screen for one
 * continuous second while the tab was visible. The second starts again whenever the element
 * drops below half or the tab is hidden. `key` (the ad's token) restarts the watch for a new ad.
 */
export function useViewable(
  ref: RefObject<Element | null>,
  key: string,
  onViewable: () => void,
  enabled = true,
): void {
  const callback = useRef(onViewable);
  callback.current = onViewable;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` restarts the watch for another ad in the same element
  useEffect(() => {
    const element = ref.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;

    let inView = false;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const stop = () => {
      observer.disconnect();
      document.removeEventListener('visibilitychange', update);
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    };
    function update() {
      const counting = inView && document.visibilityState === 'visible';
      if (counting && timer === undefined) {
        timer = setTimeout(() => {
          stop();
          callback.current();
        }, VIEWABLE_MS);
      } else if (!counting && timer !== undefined) {
        clearTimeout(timer);
        timer = undefined;
      }
    }
    const observer = new IntersectionObserver(
      (entries) => {
        // The latest entry is the element's current state; earlier ones in a batch are history.
        const entry = entries.at(-1);
        if (!entry) return;
        inView = entry.isIntersecting && entry.intersectionRatio >= VIEWABLE_SHARE - RATIO_TOLERANCE;
        update();
      },
      // 0 as well, so leaving the screen entirely is reported even when it happens between frames.
      { threshold: [0, VIEWABLE_SHARE] },
    );
    observer.observe(element);
    document.addEventListener('visibilitychange', update);
    return stop;
  }, [ref, key, enabled]);
}

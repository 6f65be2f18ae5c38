import { useSyncExternalStore } from 'react';

// The position is read in the scroll handler only: reading `scrollY` while React renders or
// commits forces the browser to lay the page out again in the middle of building it.
let scrollTop = 0;
const listeners = new Set<() => void>();

function readScroll(): void {
  scrollTop = window.scrollY;
  for (const listener of listeners) listener();
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  if (listeners.size === 1) {
    window.addEventListener('scroll', readScroll, { passive: true });
    // A page that opens already scrolled (a restored position) is read once it has been drawn.
    requestAnimationFrame(() => setTimeout(readScroll, 0));
  }
  return () => {
    listeners.delete(onChange);
    if (listeners.size === 0) window.removeEventListener('scroll', readScroll);
  };
}

/** True once the page is scrolled more than `threshold` pixels. */
export function useScrolledPast(threshold: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => scrollTop > threshold,
    () => false,
  );
}

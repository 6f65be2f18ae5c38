import { UI } from 'contracts';
import { useSyncExternalStore } from 'react';

const MOBILE_AGENT = /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i;
const query = `(max-width: ${UI.mobileMaxWidthPx}px)`;

let narrow: MediaQueryList | undefined;
/** One query list for the page: it keeps `matches` current without being evaluated again. */
const narrowWindow = (): MediaQueryList => {
  narrow ??= window.matchMedia(query);
  return narrow;
};

/** Mobile: a mobile user agent, or a window 768 px wide or less. */
export function isMobileNow(): boolean {
  if (typeof window === 'undefined') return false;
  return MOBILE_AGENT.test(navigator.userAgent) || narrowWindow().matches;
}

function subscribe(onChange: () => void): () => void {
  const list = narrowWindow();
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isMobileNow, () => false);
}

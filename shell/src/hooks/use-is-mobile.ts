import { UI } from 'contracts';
import { useSyncExternalStore } from 'react';

const MOBILE_AGENT = /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i;
const query = `(max-width: ${UI.mobileMaxWidthPx}px)`;

/** Mobile: a mobile user agent, or a window 768 px wide or less. */
export function isMobileNow(): boolean {
  if (typeof window === 'undefined') return false;
  return MOBILE_AGENT.test(navigator.userAgent) || window.matchMedia(query).matches;
}

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, isMobileNow, () => false);
}

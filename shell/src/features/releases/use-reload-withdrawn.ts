import { checkWithdrawnReleases, runsWithdrawnRelease } from 'platform';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

/**
 * Loads the page afresh at the first navigation after one of the releases this tab runs was
 * withdrawn (rolled back): the visitor lands where they were going, on the registry's current
 * releases. The tab asks when it navigates and when it comes back into view, at most every
 * 15 seconds; until a withdrawal, navigation stays in the page.
 */
export function useReloadOnWithdrawnRelease(reload: () => void = () => window.location.reload()): void {
  const { pathname, search } = useLocation();
  const first = useRef(true);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') void checkWithdrawnReleases();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation (path or query)
  useEffect(() => {
    if (first.current) {
      first.current = false;
      void checkWithdrawnReleases();
      return;
    }
    // The history already names the new address: a reload loads it whole, with the current releases.
    if (runsWithdrawnRelease()) reload();
    else void checkWithdrawnReleases();
  }, [pathname, search]);
}

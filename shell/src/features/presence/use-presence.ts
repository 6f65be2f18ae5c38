import { api, appConfig } from 'platform';
import { useEffect } from 'react';
import { startPresence } from './presence-socket';
import { startVisitTracking } from './visit-tracking';

function socketUrl(path: string): string {
  const url = new URL(path, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

/** Counts the visit once per browser session and keeps one presence socket per browser. */
export function usePresence(): void {
  useEffect(() => {
    const stopTracking = startVisitTracking({
      track: () => api.patch('/admin-panel/analytics', { visitCount: true }),
    });
    const stopPresence = startPresence({ url: socketUrl(appConfig().presencePath) });
    return () => {
      stopTracking();
      stopPresence();
    };
  }, []);
}

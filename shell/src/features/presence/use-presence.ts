import { api, appConfig, useSession } from 'platform';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { startPresence } from './presence-socket';
import { startVisitTracking } from './visit-tracking';

function socketUrl(path: string): string {
  const url = new URL(path, window.location.href);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.href;
}

/**
 * Counts the visit once per browser session and keeps one presence socket per browser. A
 * signed-in model's open cabinet tab is what shows her profiles as online. `onStreaming` hears the
 * figure of live streams the socket pushes (in every tab).
 */
export function usePresence(onStreaming?: (count: number) => void): void {
  const session = useSession();
  const { pathname } = useLocation();
  const inCabinet = useRef(false);
  // The latest handler, without reopening the socket when it changes.
  const streaming = useRef(onStreaming);
  streaming.current = onStreaming;
  inCabinet.current =
    session.status === 'authenticated' &&
    session.profile.accountType === 'girl' &&
    (pathname === '/profile' || pathname.startsWith('/profile/'));
  // The server reads who is signed in when the socket opens: a new account means a new socket.
  const account =
    session.status === 'loading'
      ? null
      : session.status === 'authenticated'
        ? `${session.profile.accountType}:${session.profile.email}`
        : 'guest';

  useEffect(
    () =>
      startVisitTracking({
        track: () => api.patch('/admin-panel/analytics', { visitCount: true }),
      }),
    [],
  );

  useEffect(() => {
    if (account === null) return undefined;
    return startPresence({
      url: socketUrl(appConfig().presencePath),
      inCabinet: () => inCabinet.current,
      onStreaming: (count) => streaming.current?.(count),
    });
  }, [account]);
}

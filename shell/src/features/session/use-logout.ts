import { type LogoutTarget, logout } from 'platform';
import { useCallback } from 'react';

/**
 * Logout with a full reload; the toast of the spec shows on the page the reload brings
 * (`LogoutResultToast`), where it stays readable.
 */
export function useLogout(): (target: LogoutTarget) => Promise<void> {
  return useCallback(
    (target: LogoutTarget) => logout(target, { navigate: (url) => window.location.assign(url) }),
    [],
  );
}

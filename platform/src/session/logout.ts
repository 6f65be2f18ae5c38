import { CSRF_COOKIE } from '../http/client';
import { api } from '../http/client';
import { LOCALE_STORAGE_KEY } from '../i18n/i18n';
import { queryClient } from '../query/query-client';
import { store } from '../state/store';
import { REFRESH_FLAG_KEY, refreshFlagAtom, writeRefreshFlag } from './session-flag';
import { sessionKeys } from './session';

export type LogoutTarget = '/login/girl' | '/login/advister' | '/';

export interface LogoutEnvironment {
  /** Navigates with a full reload so every remote starts from a clean slate. */
  navigate(target: string): void;
}

export type LogoutResult = 'success' | 'error';

/** Where the result waits for the page that the reload brings (this tab's session storage). */
export const LOGOUT_RESULT_KEY = 'logout_result';

/** The result of a logout that reloaded this tab, once: the new page shows it, then it is gone. */
export function takeLogoutResult(): LogoutResult | null {
  try {
    const value = sessionStorage.getItem(LOGOUT_RESULT_KEY);
    sessionStorage.removeItem(LOGOUT_RESULT_KEY);
    return value === 'success' || value === 'error' ? value : null;
  } catch {
    return null;
  }
}

const browserEnvironment: Pick<LogoutEnvironment, 'navigate'> = {
  navigate: (target) => window.location.assign(target),
};

function expireCookie(name: string): void {
  // HttpOnly session cookies are removed by the server's answer; this clears what the page can.
  // A `__Host-` cookie is only touched by a Secure write.
  const secure = name.startsWith('__Host-') ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: removing a cookie needs no more than this
  document.cookie = `${name}=; Max-Age=0; path=/${secure}`;
}

/**
 * Signs out: flags the tab (and, through localStorage, every other tab) as signed out, asks the
 * server to revoke the session, and clears every trace of the user whether or not that worked.
 */
export async function logout(target: LogoutTarget, environment: LogoutEnvironment): Promise<void> {
  writeRefreshFlag('false');
  store.set(refreshFlagAtom, 'false');
  queryClient.removeQueries({ queryKey: sessionKeys.all });

  let ok = true;
  try {
    await api.post('/auth/logout');
  } catch {
    ok = false;
  }

  for (const name of ['access_token', 'refresh_token', CSRF_COOKIE, `__Host-${CSRF_COOKIE}`])
    expireCookie(name);
  queryClient.clear();
  const language = globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY);
  try {
    localStorage.clear();
    sessionStorage.clear();
    // The user's language is not user data; the flag tells other tabs this one signed out.
    if (language) localStorage.setItem(LOCALE_STORAGE_KEY, language);
    localStorage.setItem(REFRESH_FLAG_KEY, 'false');
    // A toast shown now would vanish with the reload: the next page shows it.
    sessionStorage.setItem(LOGOUT_RESULT_KEY, ok ? 'success' : 'error');
  } catch {
    // storage unavailable
  }
  (environment.navigate ?? browserEnvironment.navigate)(target);
}

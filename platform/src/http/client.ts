import { appConfig } from '../config';
import { currentLocale } from '../i18n/i18n';
import { ApiError, errorCodeFor } from './api-error';

export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'x-csrf-token';

type Query = Record<string, string | number | boolean | undefined | null>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
  /** Internal: set on the one retry after a session refresh. */
  retried?: boolean;
}

export function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : undefined;
}

export function buildUrl(path: string, query?: Query): string {
  const url = `${appConfig().apiBase}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

/** Over https the server names it `__Host-csrf_token`; on a plain-http localhost, `csrf_token`. */
export function readCsrfCookie(): string | undefined {
  return readCookie(`__Host-${CSRF_COOKIE}`) ?? readCookie(CSRF_COOKIE);
}

let refreshing: Promise<boolean> | null = null;

/**
 * Reads and drops a body nobody needs. A fetch whose body is never read stays open in the
 * browser (it never "finishes"), holding its connection and keeping the page from ever going
 * network-idle.
 */
async function discard(response: Response): Promise<void> {
  await response.arrayBuffer().catch(() => undefined);
}

/** One refresh at a time: concurrent 401s wait for the same refresh call. */
export function refreshSession(): Promise<boolean> {
  refreshing ??= send('/auth/refresh', { method: 'POST' })
    .then(async (response) => {
      await discard(response);
      return response.ok;
    })
    .catch(() => false)
    .finally(() => {
      refreshing = null;
    });
  return refreshing;
}

function send(path: string, options: RequestOptions): Promise<Response> {
  const method = options.method ?? 'GET';
  // The site's language, not the browser's: texts the API writes (mails, notifications,
  // messages) follow the language the visitor chose here.
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': currentLocale() };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') {
    const csrf = readCsrfCookie();
    if (csrf) headers[CSRF_HEADER] = csrf;
  }
  const init: RequestInit = { method, headers, credentials: 'include' };
  if (options.body !== undefined) init.body = JSON.stringify(options.body);
  if (options.signal) init.signal = options.signal;
  return (appConfig().fetch ?? fetch)(buildUrl(path, options.query), init);
}

/** JSON over fetch: CSRF header, one refresh-and-retry on 401, typed translated errors. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await send(path, options);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError('NETWORK', 0);
  }

  if (response.status === 401 && !options.retried && !path.startsWith('/auth/')) {
    if (await refreshSession()) {
      await discard(response);
      return apiRequest<T>(path, { ...options, retried: true });
    }
  }

  const body: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  // A CSRF refusal comes with a fresh CSRF cookie (e.g. the session changed in another tab).
  if (response.status === 403 && errorCodeFor(403, body) === 'CSRF_FAILED' && !options.retried) {
    return apiRequest<T>(path, { ...options, retried: true });
  }
  if (!response.ok) {
    throw new ApiError(errorCodeFor(response.status, body), response.status, body ?? undefined);
  }
  return body as T;
}

export const api = {
  get: <T>(path: string, query?: Query, signal?: AbortSignal) =>
    apiRequest<T>(path, { query, ...(signal ? { signal } : {}) }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};

import type { ErrorCode } from 'contracts';
import { vi } from 'vitest';

export interface ApiCall {
  method: string;
  /** Below the API base: `/auth/login`. */
  path: string;
  body: unknown;
}

type Handler = (body: unknown) => Response | Promise<Response>;

/**
 * Answers the calls a test expects, keyed `"POST /auth/login"`; anything else fails with 404 so
 * an unexpected call shows up in the assertions. Returns every call made, in order.
 */
export function stubApi(routes: Record<string, Handler>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      const path = url.pathname.replace(/^\/api/, '');
      const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, body });
      const handler = routes[`${method} ${path}`];
      return handler ? handler(body) : apiError(404, 'NOT_FOUND');
    }),
  );
  return calls;
}

export const ok = (body: unknown) => Response.json(body);

/** An error answer in the API's shape (`ApiErrorBody`). */
export function apiError(status: number, code: ErrorCode, extra: { retryAfter?: number } = {}): Response {
  return Response.json({ code, message: code, ...extra }, { status });
}

/** Whether the stub has seen a call to `path`. */
export const called = (calls: ApiCall[], path: string) => calls.some((call) => call.path === path);

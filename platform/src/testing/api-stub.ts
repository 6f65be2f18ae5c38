import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { ErrorCode } from 'contracts';
import { expect } from 'vitest';

export interface ApiCall {
  method: string;
  /** Below the API base (`/auth/login`); other same-origin paths as they are (`/remotes.json`). */
  path: string;
  url: URL;
  body: unknown;
}

type Handler = (body: unknown, call: ApiCall) => Response | Promise<Response>;

interface NetworkState {
  routes: Record<string, Handler>;
  calls: ApiCall[];
  unexpected: string[];
}

const state: NetworkState = { routes: {}, calls: [], unexpected: [] };

/** A translation file the i18n backend asks for: `…/locales/ru.json`. */
const TRANSLATION_FILE = /\/locales\/([a-z]{2})\.json$/;

/**
 * The package the running test file belongs to: the nearest folder above it with a package.json
 * (the working folder outside a test). One Vitest process runs every package's tests, from the root.
 */
function testPackageDir(): string {
  const testPath = expect.getState().testPath;
  for (
    let dir = testPath ? path.dirname(testPath) : '';
    dir && dir !== path.dirname(dir);
    dir = path.dirname(dir)
  ) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
  }
  return process.cwd();
}

/**
 * Serves `<package>/src/locales/<lng>.json` from disk, of the package whose test is running: the
 * only namespace a package's tests load over the backend is its own.
 */
function translationFile(url: URL): Response | null {
  const lng = TRANSLATION_FILE.exec(url.pathname)?.[1];
  if (!lng) return null;
  const file = path.join(testPackageDir(), 'src', 'locales', `${lng}.json`);
  return existsSync(file)
    ? new Response(readFileSync(file), { headers: { 'content-type': 'application/json' } })
    : null;
}

function parseBody(body: BodyInit | null | undefined): unknown {
  if (typeof body !== 'string') return body ?? undefined;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/** The exact route, else the first one whose `:name` segments match (`GET /model/:id`). */
function findHandler(key: string): Handler | undefined {
  const exact = state.routes[key];
  if (exact) return exact;
  const pattern = (route: string) =>
    new RegExp(`^${route.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}$`);
  return Object.entries(state.routes).find(([route]) => route.includes(':') && pattern(route).test(key))?.[1];
}

/** The `fetch` every front-end test runs with: stubbed routes, translation files, nothing else. */
export async function guardedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const url = new URL(href, globalThis.location?.href ?? 'http://localhost/');
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  if (method === 'GET') {
    const translation = translationFile(url);
    if (translation) return translation;
  }
  const call: ApiCall = {
    method,
    path: url.pathname.replace(/^\/api(?=\/)/, ''),
    url,
    body: parseBody(init?.body),
  };
  const handler = findHandler(`${method} ${call.path}`);
  if (!handler) {
    state.unexpected.push(`${method} ${url.href}`);
    throw new TypeError(`No stub for ${method} ${url.href}: stub it with stubApi()`);
  }
  state.calls.push(call);
  return handler(call.body, call);
}

/**
 * Answers the calls a test expects, keyed `"POST /auth/login"` (the path below the API base,
 * without the query; `:name` matches one segment). Any other request fails the test. Returns every answered call, in order.
 * A later call replaces the routes of an earlier one.
 */
export function stubApi(routes: Record<string, Handler>): ApiCall[] {
  state.routes = routes;
  state.calls = [];
  return state.calls;
}

/**
 * Puts the guard in place of `fetch` for the whole run (test setup calls this once per file), and
 * returns the check an `afterEach` runs: it forgets the routes and throws for any request no stub
 * answered, so a component that reaches for the network fails its test instead of logging
 * ECONNREFUSED.
 */
export function guardNetwork(): () => void {
  globalThis.fetch = guardedFetch;
  return () => {
    globalThis.fetch = guardedFetch;
    state.routes = {};
    const unexpected = state.unexpected.splice(0);
    if (unexpected.length) {
      throw new Error(`Requests no test stubbed (use stubApi):\n  ${unexpected.join('\n  ')}`);
    }
  };
}

export const ok = (body: unknown, init?: ResponseInit) => Response.json(body, init);

/** An error answer in the API's shape (`ApiErrorBody`). */
export function apiError(
  status: number,
  code: ErrorCode,
  extra: { message?: string; retryAfter?: number } = {},
): Response {
  return Response.json({ code, message: code, ...extra }, { status });
}

/** Whether the stub has answered a call to `path`. */
export const called = (calls: ApiCall[], path: string) => calls.some((call) => call.path === path);

import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { CSRF_HEADER } from '../plugins/auth';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface AgentRequest {
  headers?: Record<string, string>;
  /** Leave out the CSRF header, to test that the server refuses the request. */
  withoutCsrf?: boolean;
}

/**
 * A browser for `app.inject`: keeps cookies between requests and, like the platform's http
 * client, copies the CSRF cookie into the header of every state-changing request.
 */
export function createAgent(app: FastifyInstance) {
  const jar = new Map<string, string>();
  const names = app.cookieNames;
  // The CSRF cookie by whatever name this server gives it (prefixed over https).
  const csrfOf = () => jar.get(names.csrf);

  function remember(response: LightMyRequestResponse): void {
    for (const cookie of response.cookies as Array<{
      name: string;
      value: string;
      maxAge?: number;
      expires?: Date;
    }>) {
      const removed =
        cookie.maxAge === 0 ||
        (cookie.expires && cookie.expires.getTime() <= Date.now()) ||
        cookie.value === '';
      if (removed) jar.delete(cookie.name);
      else jar.set(cookie.name, cookie.value);
    }
  }

  async function request(method: Method, url: string, payload?: unknown, options: AgentRequest = {}) {
    if (method !== 'GET' && !csrfOf() && !options.withoutCsrf) {
      // A page always reads something first; that first answer hands out the CSRF cookie.
      remember(await app.inject({ method: 'GET', url: '/api/health', cookies: Object.fromEntries(jar) }));
    }
    const headers: Record<string, string> = { ...options.headers };
    const csrf = csrfOf();
    if (method !== 'GET' && csrf && !options.withoutCsrf) headers[CSRF_HEADER] = csrf;
    const injectOptions: InjectOptions = { method, url, headers, cookies: Object.fromEntries(jar) };
    if (payload !== undefined) injectOptions.payload = payload as InjectOptions['payload'];
    const response = await app.inject(injectOptions);
    remember(response);
    return response;
  }

  return {
    jar,
    get: (url: string, options?: AgentRequest) => request('GET', url, undefined, options),
    post: (url: string, payload?: unknown, options?: AgentRequest) =>
      request('POST', url, payload ?? {}, options),
    put: (url: string, payload?: unknown, options?: AgentRequest) =>
      request('PUT', url, payload ?? {}, options),
    patch: (url: string, payload?: unknown, options?: AgentRequest) =>
      request('PATCH', url, payload ?? {}, options),
    delete: (url: string, options?: AgentRequest) => request('DELETE', url, undefined, options),
    /** Signs this agent in as an existing account without going through the login form. */
    async signInAs(accountId: number) {
      const tokens = await app.sessions.create(accountId);
      jar.set(names.access, tokens.accessToken);
      jar.set(names.refresh, tokens.refreshToken);
      jar.delete(names.csrf);
      return tokens;
    },
  };
}

export type Agent = ReturnType<typeof createAgent>;

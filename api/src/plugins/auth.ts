import { ACCOUNT_TYPES, type AccountType } from 'contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../lib/api-error';
import { isInProcess } from '../lib/in-process';
import { hmac, randomToken, safeEqual } from '../lib/tokens';
import {
  type AuthContext,
  createSessionService,
  type IssuedTokens,
  readAccessToken,
  REFRESH_TTL_SECONDS,
  type SessionService,
} from '../modules/auth/session-service';

export const COOKIES = {
  access: 'access_token',
  refresh: 'refresh_token',
  csrf: 'csrf_token',
  visitor: 'vid',
} as const;
export type CookieNames = { [K in keyof typeof COOKIES]: string };

/**
 * The names the browser sees. Over https the session and CSRF cookies take the `__Host-` prefix
 * (the browser then refuses them unless Secure, host-only and on path /, so a sibling subdomain
 * cannot plant one); the refresh cookie, on /api/auth, can only be `__Secure-`. A plain-http
 * localhost cannot hold prefixed cookies, so development keeps the bare names.
 */
export function cookieNames(secure: boolean): CookieNames {
  if (!secure) return { ...COOKIES };
  return {
    access: `__Host-${COOKIES.access}`,
    refresh: `__Secure-${COOKIES.refresh}`,
    csrf: `__Host-${COOKIES.csrf}`,
    visitor: `__Host-${COOKIES.visitor}`,
  };
}
export const CSRF_HEADER = 'x-csrf-token';
const VISITOR_TTL_SECONDS = 365 * 24 * 60 * 60;
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Sessions and visitor cookies belong to the API; static files stay cookie-free and cacheable. */
/**
 * Decided from the route the router matched, not the raw URL: the router decodes the path
 * (`/%61pi/auth/logout` reaches `/api/auth/logout`), so a check of the raw text could be skipped.
 */
const isApiRoute = (url: string) => url.startsWith('/api/') || url.startsWith('/ws/');
const isApi = (request: FastifyRequest) => isApiRoute(request.routeOptions.url ?? '');

const hasVisitorId = (cookie: string | undefined): cookie is string =>
  !!cookie && /^[A-Za-z0-9_-]{16,64}$/.test(cookie);

/** A page the browser navigated to (the shell's HTML, rendered or not). */
const isPageDocument = (request: FastifyRequest, reply: FastifyReply) =>
  request.method === 'GET' && /^text\/html\b/.test(String(reply.getHeader('content-type') ?? ''));

/**
 * Whether a request to this route must carry the CSRF header: a state-changing method on an API
 * route that does not authenticate otherwise. The check below and the OpenAPI document both ask.
 */
export function checksCsrf(method: string, url: string, config: { csrf?: boolean } | undefined): boolean {
  return isApiRoute(url) && UNSAFE_METHODS.has(method) && config?.csrf !== false;
}

/**
 * Marks the hooks requireAuth and requireAdmin make, so the OpenAPI document can tell which
 * routes need a session, and whom a route refuses with 403 (null: any signed-in account may call it).
 */
const SESSION_REQUIRED = Symbol('sessionRequired');
type SessionRequirement = { allowed: string | null };

function sessionRequirementOf(route: {
  preValidation?: unknown;
  preHandler?: unknown;
}): SessionRequirement | null {
  for (const hook of [route.preValidation, route.preHandler].flat()) {
    if (typeof hook === 'function' && SESSION_REQUIRED in hook) {
      return (hook as { [SESSION_REQUIRED]: SessionRequirement })[SESSION_REQUIRED];
    }
  }
  return null;
}

/** Whether a route's hooks include one made by `requireAuth` or `requireAdmin`. */
export function requiresSession(route: { preValidation?: unknown; preHandler?: unknown }): boolean {
  return sessionRequirementOf(route) !== null;
}

/** Who may call a route that answers 403 FORBIDDEN to the other signed-in accounts, or null. */
export function allowedAccountsOf(route: { preValidation?: unknown; preHandler?: unknown }): string | null {
  return sessionRequirementOf(route)?.allowed ?? null;
}

export interface AuthOptions {
  /** Signs access and CSRF tokens; every API instance of one site must share it. */
  secret: string;
  /** Secure cookies; off only in development and tests, where the site runs over plain http. */
  secureCookies: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionService;
    /** The cookie names of this server (prefixed when cookies are Secure). */
    cookieNames: CookieNames;
    /**
     * A route's `preValidation` hook that answers 401 without a session and 403 for other account
     * types, before the input is looked at.
     */
    requireAuth(...types: AccountType[]): (request: FastifyRequest) => Promise<void>;
    /**
     * A route's `preValidation` hook for the administration's routes: 401 without a session, 403
     * for every account that is not an administrator, whatever its type.
     */
    requireAdmin(): (request: FastifyRequest) => Promise<void>;
    /**
     * The request's visitor id: its cookie's, or one minted now (unless `mint` is false). A page
     * minted for is sent with its cookie, so what was decided for the id while rendering (the
     * remotes' canary) holds for the visitor's next requests.
     */
    visitorOf(request: FastifyRequest, mint?: boolean): string;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
    /** A random id of this browser (cookie `vid`), for per-visitor limits and counts. */
    visitorId: string;
    /** What the CSRF token is bound to: the session when there is one, else the visitor. */
    csrfBinding: string;
  }
  interface FastifyReply {
    /** Sets the cookies of a new or rotated session. */
    startSession(tokens: IssuedTokens): void;
    /** Removes the session cookies (the caller revokes the session server side). */
    endSession(): void;
  }
  interface FastifyContextConfig {
    /** false for endpoints that authenticate otherwise, such as signed payment webhooks. */
    csrf?: boolean;
  }
}

export const authPlugin = fp<AuthOptions>(
  async (fastify, options) => {
    const { secret, secureCookies } = options;
    const sessions = createSessionService(fastify.db, secret);
    const csrfFor = (binding: string, nonce = randomToken(16)) =>
      `${nonce}.${hmac(secret, `csrf|${binding}|${nonce}`)}`;
    // Pairs (binding, token) found to match: a browser sends the same pair with every call and
    // the answer depends on nothing else, so each pair's HMAC is computed once, not per request.
    const matching = new Set<string>();
    const csrfMatches = (binding: string, token: string | undefined) => {
      if (!token) return false;
      const pair = `${binding}\n${token}`;
      if (matching.has(pair)) return true;
      const [nonce = '', signature = ''] = token.split('.');
      if (!nonce || !safeEqual(`${nonce}.${signature}`, csrfFor(binding, nonce))) return false;
      if (matching.size >= 10_000) matching.clear();
      matching.add(pair);
      return true;
    };
    const cookieBase = { path: '/', sameSite: 'lax' as const, secure: secureCookies };
    const names = cookieNames(secureCookies);
    fastify.decorate('cookieNames', names);

    fastify.decorate('sessions', sessions);
    fastify.decorateRequest('auth', null);
    fastify.decorateRequest('visitorId', '');
    fastify.decorateRequest('csrfBinding', '');

    fastify.decorateReply('startSession', function startSession(this: FastifyReply, tokens: IssuedTokens) {
      // The access cookie outlives its token so that an expired token still names the session
      // the CSRF token is bound to; the token's own expiry is what the server checks.
      this.setCookie(names.access, tokens.accessToken, {
        ...cookieBase,
        httpOnly: true,
        maxAge: REFRESH_TTL_SECONDS,
      });
      if (tokens.refreshToken !== null) {
        this.setCookie(names.refresh, tokens.refreshToken, {
          ...cookieBase,
          path: '/api/auth',
          httpOnly: true,
          maxAge: REFRESH_TTL_SECONDS,
        });
      }
      this.request.csrfBinding = tokens.sessionId;
    });

    fastify.decorateReply('endSession', function endSession(this: FastifyReply) {
      this.clearCookie(names.access, { ...cookieBase });
      this.clearCookie(names.refresh, { ...cookieBase, path: '/api/auth' });
      this.request.auth = null;
      this.request.csrfBinding = `v:${this.request.visitorId}`;
    });

    fastify.decorate('requireAuth', (...types: AccountType[]) =>
      Object.assign(
        async (request: FastifyRequest) => {
          if (!request.auth) throw new ApiError(401, 'UNAUTHORIZED');
          if (
            types.length > 0 &&
            !types.includes(request.auth.accountType) &&
            request.auth.role !== 'admin'
          ) {
            throw new ApiError(403, 'FORBIDDEN');
          }
        },
        {
          [SESSION_REQUIRED]: {
            allowed: ACCOUNT_TYPES.every((type) => types.length === 0 || types.includes(type))
              ? null
              : `${types.join(' and ')} accounts (and administrators)`,
          } satisfies SessionRequirement,
        },
      ),
    );

    // requireAuth lets an administrator through any account type check; this one lets nobody else in.
    fastify.decorate('requireAdmin', () =>
      Object.assign(
        async (request: FastifyRequest) => {
          if (!request.auth) throw new ApiError(401, 'UNAUTHORIZED');
          if (request.auth.role !== 'admin') throw new ApiError(403, 'FORBIDDEN');
        },
        { [SESSION_REQUIRED]: { allowed: 'administrators' } satisfies SessionRequirement },
      ),
    );

    // `mint` false: '' for a request without the cookie (a file such as /remotes.json, which sets
    // no cookie: an id minted for it would be forgotten).
    fastify.decorate('visitorOf', (request: FastifyRequest, mint = true) => {
      if (!request.visitorId) {
        const visitor = request.cookies[names.visitor];
        if (hasVisitorId(visitor)) request.visitorId = visitor;
        else if (mint) request.visitorId = randomToken(18);
      }
      return request.visitorId;
    });

    fastify.addHook('onRequest', async (request) => {
      if (!isApi(request)) return;
      const visitor = request.cookies[names.visitor];
      request.visitorId = hasVisitorId(visitor) ? visitor : randomToken(18);
      const accessToken = request.cookies[names.access];
      const parsed = readAccessToken(secret, accessToken);
      request.csrfBinding = parsed ? parsed.sessionId : `v:${request.visitorId}`;
      request.auth = parsed && !parsed.expired ? await sessions.authenticate(accessToken) : null;
    });

    // Every state-changing call carries the CSRF cookie's value in a header. A page on another
    // site can make the browser send the cookie but cannot read it to set the header. Checked
    // before Fastify validates the input, so a forged request learns nothing about its body.
    fastify.addHook('preValidation', async (request) => {
      // A route that does not exist answers 404 whatever the method; there is nothing to protect.
      if (request.is404) return;
      if (!checksCsrf(request.method, request.routeOptions.url ?? '', request.routeOptions.config)) return;
      const header = request.headers[CSRF_HEADER];
      const token = typeof header === 'string' ? header : undefined;
      if (!token || token !== request.cookies[names.csrf] || !csrfMatches(request.csrfBinding, token)) {
        throw new ApiError(403, 'CSRF_FAILED');
      }
    });

    fastify.addHook('onSend', async (request, reply) => {
      // A page's own reads: the page's answer brings the visitor's cookies, not these.
      if (isInProcess(request)) return;
      // A shared cache would hand one visitor's cookies to the next: public answers carry none.
      if (/\bpublic\b/.test(String(reply.getHeader('cache-control') ?? ''))) return;
      if (!isApi(request)) {
        // A new browser's page brings its visitor id and CSRF token, so its first API calls share
        // them. Minted by those calls instead, each call sent before the first answer landed
        // minted another pair, and two tabs opening at once overwrote each other's: a call whose
        // header was read from the pair another answer had just replaced was refused (CSRF).
        if (!isPageDocument(request, reply) || hasVisitorId(request.cookies[names.visitor])) return;
        // Minted while the page was rendered (visitorOf), or now.
        request.visitorId ||= randomToken(18);
        const parsed = readAccessToken(secret, request.cookies[names.access]);
        request.csrfBinding = parsed ? parsed.sessionId : `v:${request.visitorId}`;
      }
      if (!request.visitorId) return;
      if (request.cookies[names.visitor] !== request.visitorId) {
        reply.setCookie(names.visitor, request.visitorId, {
          ...cookieBase,
          httpOnly: true,
          maxAge: VISITOR_TTL_SECONDS,
        });
      }
      // Readable by the page (not HttpOnly): the http client copies it into the header.
      if (!csrfMatches(request.csrfBinding, request.cookies[names.csrf])) {
        reply.setCookie(names.csrf, csrfFor(request.csrfBinding), { ...cookieBase, httpOnly: false });
      }
    });
  },
  { name: 'auth', dependencies: ['db'] },
);

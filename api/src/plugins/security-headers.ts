import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { isInProcess } from '../lib/in-process';

export interface SecurityHeadersOptions {
  /** Origins the remote registry loads remotes from (a remote on a CDN); this origin is always allowed. */
  remoteOrigins?: string[];
  /** Strict-Transport-Security: only where the site is served over https. */
  hsts?: boolean;
}

/**
 * The origins of the absolute URLs in the remote registry (`remotes.json`: name -> manifest URL).
 * Relative entries are this origin. A registry that cannot be read names none.
 */
export function remoteOriginsOf(registryFile: string | undefined): string[] {
  if (!registryFile || !existsSync(registryFile)) return [];
  try {
    const registry = JSON.parse(readFileSync(registryFile, 'utf8')) as Record<string, unknown>;
    const origins = new Set<string>();
    for (const record of Object.values(registry)) {
      // A record is the browser entry's URL, or { entry, ssr } (the server fetches ssr itself).
      const entry =
        typeof record === 'object' && record !== null ? (record as { entry?: unknown }).entry : record;
      if (typeof entry !== 'string' || !/^https?:\/\//i.test(entry)) continue;
      origins.add(new URL(entry).origin);
    }
    return [...origins];
  } catch {
    return [];
  }
}

/** The registry the static plugin serves: REMOTES_JSON, else the built shell's own. */
export function registryFileOf(staticRoot: string | undefined, remotesJson: string | undefined) {
  if (remotesJson) return path.resolve(remotesJson);
  return staticRoot ? path.join(staticRoot, 'shell', 'dist', 'remotes.json') : undefined;
}

/**
 * Security headers on every answer, by what the answer is.
 *
 * A page (HTML, and anything else a browser may show as a document) gets helmet's set: a
 * Content-Security-Policy that lets scripts, styles, data and images come only from this origin
 * and the remotes' origins (so an injected script or a remote not in the registry does not run),
 * no framing, nosniff, a strict referrer policy and, over https, HSTS. Styles may be inline: the
 * apps inject their CSS modules as <style> tags.
 *
 * Data (JSON) gets the set OWASP's REST Security Cheat Sheet names for API answers: a policy that
 * allows nothing (`default-src 'none'`, stricter than a page's: a JSON answer opened as a
 * document may load and run nothing), no framing, nosniff, the resource policy and HSTS. The rest
 * of helmet's headers only act on documents (the opener policy, the origin-keyed agent cluster,
 * DNS prefetching, old Internet Explorer's download and XSS switches, Flash's cross-domain
 * policies), and the referrer policy's value is what browsers do without it. Each header costs
 * every answer Node's checks and bytes: on a cached listing answer the page set measured 8-9 % of
 * its CPU (issue 31).
 *
 * They are added when the answer is sent, once its content type is known, and a header the route
 * set itself is kept (a payment page's stricter referrer policy, the API reference's own policy).
 */
export const securityHeadersPlugin = fp<SecurityHeadersOptions>(
  async (fastify, options) => {
    const { page, data } = headerSets(options);
    fastify.addHook('onSend', (request, reply, payload, done) => {
      // A page's own reads never reach a browser.
      if (!isInProcess(request)) {
        const headers = isData(reply.getHeader('content-type')) ? data : page;
        for (const name in headers) {
          if (!reply.hasHeader(name)) reply.header(name, headers[name]);
        }
      }
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);

/** JSON, and the JSON-based types (`application/problem+json`, `application/manifest+json`). */
const DATA_TYPE = /^application\/(?:[\w.-]+\+)?json\s*(?:;|$)/i;

export function isData(contentType: string | number | string[] | undefined): boolean {
  return typeof contentType === 'string' && DATA_TYPE.test(contentType);
}

/** The header names a data answer keeps from a page's set (its policy is its own). */
const DATA_KEEPS = [
  'cross-origin-resource-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
];

/** The policy of an answer that is data: it may load nothing and be framed by nobody. */
const DATA_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** The headers for a page and for data, computed once: nothing in them depends on the request. */
function headerSets(options: SecurityHeadersOptions) {
  const page = headersOf(helmetOptions(options));
  const data: Record<string, string> = { 'content-security-policy': DATA_POLICY };
  for (const name of DATA_KEEPS) {
    const value = page[name];
    if (value !== undefined) data[name] = value;
  }
  return { page, data };
}

function helmetOptions(options: SecurityHeadersOptions): Readonly<HelmetOptions> {
  const remotes = options.remoteOrigins ?? [];
  const self = ["'self'", ...remotes];
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: self,
        styleSrc: [...self, "'unsafe-inline'"],
        imgSrc: [...self, 'data:', 'blob:'],
        fontSrc: [...self, 'data:'],
        // `'self'` covers the same origin's WebSockets (/ws/online) in current browsers.
        connectSrc: self,
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    // Remotes on another origin are loaded by script tags and fetch, with CORS.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: options.hsts ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    frameguard: { action: 'deny' },
  };
}

/**
 * The headers helmet writes. Nothing in them depends on the request (no nonces), so helmet runs
 * once at start-up rather than rebuilding the policy for every answer.
 */
function headersOf(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return response;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return headers;
}

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
 * Security headers on every answer: a Content-Security-Policy that lets scripts, styles, data
 * and images come only from this origin and the remotes' origins (so an injected script or a
 * remote not in the registry does not run), no framing, nosniff, a strict referrer policy and,
 * over https, HSTS. Styles may be inline: the apps inject their CSS modules as <style> tags.
 */
export const securityHeadersPlugin = fp<SecurityHeadersOptions>(
  async (fastify, options) => {
    const headers = headersOf(helmetOptions(options));
    fastify.addHook('onRequest', (request, reply, done) => {
      // A page's own reads never reach a browser.
      if (!isInProcess(request)) reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);

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
export function headersOf(options: Readonly<HelmetOptions>): Record<string, string> {
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

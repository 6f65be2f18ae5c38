import { existsSync, mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, unreadableRequest } from '../lib/api-error';
import type { RegistryChannels } from '../modules/releases/registry';
import { createPageRenderer, withTelemetrySample } from './ssr/page-renderer';
import { createPageVersions } from './ssr/page-versions';

/** URL name of each remote -> its package folder; each serves `<folder>/dist` at /mfe/<name>/. */
export const REMOTE_FOLDERS = {
  catalog: 'mfe-catalog',
  auth: 'mfe-auth',
  'model-cabinet': 'mfe-model-cabinet',
  'advertiser-office': 'mfe-advertiser-office',
  admin: 'mfe-admin',
} as const;

/** Paths the single-page app never owns: a miss under them is a plain 404. */
const RESERVED_PREFIXES = ['/api', '/ws', '/media', '/mfe'];

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/** Files that name what to load next: they change on every deploy under the same name. */
const ENTRY_FILES = new Set(['index.html', 'remotes.json', 'mf-manifest.json', 'remoteEntry.js']);
/** A dot-separated hex segment of 8+ characters, as in `main.3f9a1c2b.js`. */
const CONTENT_HASH = /\.[0-9a-f]{8,}\./i;

export interface StaticOptions {
  /** The repository root (or any folder laid out like it) holding `shell/dist` and `mfe-*\/dist`. */
  root: string;
  /** A file served as the shell's /remotes.json instead of the built one. */
  remotesJson?: string | undefined;
  /** Source maps publish the sources: production answers them 404. */
  serveSourceMaps?: boolean;
  /** Remote server builds only from this server or https, pinned by their hash (production). */
  strictRemotes?: boolean;
  /**
   * The site's public origin (PUBLIC_URL, else the listening one) for canonical and alternate
   * links; the development server's when not given.
   */
  publicUrl?: string | undefined;
  /** How long a rendered guest page is shared between visitors (the listing cache's time); 0 = off. */
  pageCacheMs?: number;
  /**
   * The remotes' releases chosen per visitor (issue 30): /remotes.json and the rendered pages
   * name them. Without it, the registry file alone.
   */
  channels?: RegistryChannels | undefined;
  /**
   * The release store (issue 30): `<store>/<name>/<version>/` is served at /mfe/<name>/<version>/,
   * immutable for a year. Releases arrive at run time; nothing is registered per release.
   */
  releaseStore?: string | undefined;
  /** The share of page sessions that report telemetry, written into every page (1 when not given). */
  telemetrySample?: number | undefined;
}

/** A release's folder under /mfe/<name>/: `1.4.0+3f9a1c2b7d10/`. */
const RELEASE_FOLDER = /^\/?[a-z0-9-]{1,40}\/\d{1,6}\.\d{1,6}\.\d{1,6}\+[0-9a-f]{12}\//;

const isSourceMap = (pathname: string) => /\.map$/i.test(pathname);

/**
 * Cache policy by file name (relative to its dist folder, compression suffix removed): content-
 * hashed files never change, entry files must be revalidated so a deploy is seen at once.
 */
export function cacheControlFor(relativePath: string): string {
  const normalized = relativePath.split(path.sep).join('/');
  const name = path.posix.basename(normalized);
  if (ENTRY_FILES.has(name)) return REVALIDATE;
  if (/(^|\/)locales\/[^/]+\.json$/.test(normalized)) return REVALIDATE;
  if (CONTENT_HASH.test(name)) return IMMUTABLE;
  return REVALIDATE;
}

function isReserved(pathname: string): boolean {
  return RESERVED_PREFIXES.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

function hasExtension(pathname: string): boolean {
  return pathname.slice(pathname.lastIndexOf('/') + 1).includes('.');
}

export interface BuiltApps {
  shell: string | null;
  remotes: { name: string; dist: string }[];
}

export function findBuiltApps(root: string): BuiltApps {
  const shell = path.join(root, 'shell', 'dist');
  return {
    shell: existsSync(path.join(shell, 'index.html')) ? shell : null,
    remotes: Object.entries(REMOTE_FOLDERS)
      .map(([name, folder]) => ({ name, dist: path.join(root, folder, 'dist') }))
      .filter((remote) => existsSync(remote.dist)),
  };
}

function headerSetter(root: string, extra: Record<string, string> = {}) {
  return (reply: FastifyReply, filePath: string) => {
    const relative = path.relative(root, filePath).replace(/\.(br|gz)$/, '');
    reply.header('cache-control', cacheControlFor(relative));
    for (const [name, value] of Object.entries(extra)) reply.header(name, value);
  };
}

/**
 * One-origin production mode: the shell at /, each built remote at /mfe/<name>/, and the SPA
 * fallback. Only navigations (no file extension) fall back to index.html: a missing script or
 * manifest must stay a 404, or a dead remote would surface as a JSON parse error in the shell.
 */
export const staticPlugin: FastifyPluginAsync<StaticOptions> = async (fastify, options) => {
  const apps = findBuiltApps(options.root);
  const serveSourceMaps = options.serveSourceMaps ?? true;

  const store = options.releaseStore ? path.resolve(options.releaseStore) : null;
  // Remotes may be loaded by a shell on another origin, and the manifest is read with fetch().
  const crossOrigin = { 'access-control-allow-origin': '*' };
  const storeHeaders = (reply: FastifyReply) => {
    // A version is never overwritten: every file of it, its entries too, is kept for a year.
    reply.header('cache-control', IMMUTABLE);
    reply.header('access-control-allow-origin', '*');
  };
  for (const remote of apps.remotes) {
    // The remote's build at /mfe/<name>/ (the registry file's), and its releases beside it at
    // /mfe/<name>/<version>/ (the router gives /mfe/<name>/ to this registration, not the store's).
    const released = store && path.join(store, remote.name);
    if (released) mkdirSync(released, { recursive: true });
    const serveDist = headerSetter(remote.dist, crossOrigin);
    await fastify.register(fastifyStatic, {
      root: released ? [remote.dist, released] : remote.dist,
      prefix: `/mfe/${remote.name}/`,
      decorateReply: false,
      allowedPath: (pathname) => serveSourceMaps || !isSourceMap(pathname),
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) =>
        released && filePath.startsWith(released + path.sep)
          ? storeHeaders(reply)
          : serveDist(reply, filePath),
    });
  }
  if (store) {
    // Releases of remotes this server has no build of (a new remote, released alone).
    await fastify.register(fastifyStatic, {
      root: store,
      prefix: '/mfe/',
      decorateReply: false,
      allowedPath: (pathname) => RELEASE_FOLDER.test(pathname) && (serveSourceMaps || !isSourceMap(pathname)),
      preCompressed: true,
      cacheControl: false,
      setHeaders: storeHeaders,
    });
  }

  const shellDist = apps.shell;
  const registryFile = options.remotesJson
    ? path.resolve(options.remotesJson)
    : shellDist && path.join(shellDist, 'remotes.json');
  if (registryFile && (options.remotesJson || (options.channels && existsSync(registryFile)))) {
    // Fail at start-up on a wrong path or broken JSON, not on the first visitor.
    if (options.remotesJson) JSON.parse(await readFile(registryFile, 'utf8'));
    const { channels } = options;
    const schema = {
      summary:
        'The remote registry: each remote name with its manifest URL, and the release this visitor runs',
      tags: ['pages'],
    };
    fastify.get('/remotes.json', { schema }, async (request, reply) => {
      // Read on each request so an environment can repoint remotes without a restart.
      const body = await readFile(registryFile, 'utf8');
      reply.type('application/json; charset=utf-8');
      const chosen = channels ? await channels.forRequest(JSON.parse(body), request, false) : null;
      if (!chosen?.key) return reply.header('cache-control', REVALIDATE).send(body);
      // A canary's visitors get another answer: no shared cache may keep one for the others.
      return reply
        .header('cache-control', 'private, no-cache')
        .header('vary', 'cookie')
        .send(chosen.registry);
    });
  }

  if (!shellDist) return;

  // Public pages are rendered on the server when the shell has a server build; the signed-in
  // areas are client-rendered and kept out of search engines.
  const renderer = createPageRenderer(fastify, {
    root: options.root,
    registryFile: registryFile ?? path.join(shellDist, 'remotes.json'),
    channels: options.channels,
    publicUrl: options.publicUrl,
    strictRemotes: options.strictRemotes ?? false,
    cacheMs: options.pageCacheMs ?? 0,
    telemetrySample: options.telemetrySample,
    versions: fastify.hasDecorator('db') ? createPageVersions(fastify.db, fastify.dbKind) : undefined,
    onPage: fastify.hasDecorator('metrics') ? (page) => fastify.metrics.page(page) : undefined,
  });
  if (renderer && fastify.hasDecorator('listingCache')) {
    // Every write that clears the listing's cache changes what the pages show, on every instance.
    fastify.listingCache.onClear(() => renderer.clear());
  }
  const indexHtml = withTelemetrySample(
    await readFile(path.join(shellDist, 'index.html'), 'utf8'),
    options.telemetrySample,
  );
  const clientRenderedHtml = indexHtml.replace('</head>', '<meta name="robots" content="noindex" /></head>');

  await fastify.register(fastifyStatic, {
    root: shellDist,
    serve: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: headerSetter(shellDist),
  });

  const serveShell = async (request: FastifyRequest, reply: FastifyReply) => {
    const pathname = decodePathname(request.url);
    if (pathname === null) throw unreadableRequest('validation.malformedRequest');
    if (isReserved(pathname)) throw new ApiError(404, 'NOT_FOUND');
    if (!hasExtension(pathname)) {
      if (!renderer) {
        if (options.telemetrySample === undefined) return reply.sendFile('index.html');
        return reply.type('text/html; charset=utf-8').header('cache-control', REVALIDATE).send(indexHtml);
      }
      if (await renderer.handle(request, reply, pathname)) return reply;
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', REVALIDATE)
        .header('x-robots-tag', 'noindex')
        .send(clientRenderedHtml);
    }
    if (!serveSourceMaps && isSourceMap(pathname)) throw new ApiError(404, 'NOT_FOUND');
    // A miss goes to the not-found handler: 404, never index.html.
    return reply.sendFile(pathname);
  };

  // Pages, not API, described in the document so that it lists every route. A string answer
  // with its content type set is sent as it is: the 200 schema only describes it.
  const page = (summary: string) => ({
    schema: {
      summary,
      tags: ['pages'],
      response: { 200: { type: 'string', description: 'HTML, or the file' } },
    },
  });
  fastify.get('/', page('The home page (HTML)'), (request, reply) => serveShell(request, reply));
  fastify.get('/*', page('A page of the site (HTML), or a file of the shell'), (request, reply) =>
    serveShell(request, reply),
  );
};

function decodePathname(url: string): string | null {
  const raw = url.split('?')[0] ?? '/';
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}

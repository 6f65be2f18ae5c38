import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Transform } from 'node:stream';
import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import {
  type Locale,
  localizePath,
  type PageImage,
  pageQuery,
  type RemoteName,
  type RemoteRegistry,
  REMOTES,
  SERVER_RENDERED_REMOTES,
} from 'contracts';
import type { RegistryChannels } from '../../modules/releases/registry';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { createRemoteLoader, type FetchedFile, type RemoteStyle } from './remote-loader';

/**
 * Server rendering of the public pages. The shell's server build (shell/dist-server/server.cjs)
 * renders the page; the remote that owns the path is loaded from its own server build, whose URL
 * the run-time registry names beside the browser entry (`{ "entry": ..., "ssr": ... }`), so a
 * remote team's deploy changes the HTML without a shell rebuild or a server restart. A remote
 * whose server code is missing or throws leaves its area to the browser; the page still renders.
 */

interface RemoteServerModule {
  namespace: string;
  locales: Record<string, unknown>;
  Routes: unknown;
  prefetch?: unknown;
}

interface PipeableStream {
  pipe<T extends NodeJS.WritableStream>(destination: T): T;
  abort(reason?: unknown): void;
}

/** The shell's server build (see shell/src/server.tsx). */
interface ShellServer {
  sharedModules: Readonly<Record<string, unknown>>;
  configure(options: { fetch: typeof fetch }): void;
  addRemoteTexts(remote: RemoteServerModule): void;
  /** The remote owning a path, by the routes the visitor's registry declares. */
  ownerOf(pathname: string, registry: RemoteRegistry): RemoteName | null;
  preparePage(input: {
    url: URL;
    remoteName: RemoteName | null;
    remote: RemoteServerModule | null;
    registry: RemoteRegistry;
  }): Promise<{
    status: number;
    locale: Locale;
    head: {
      title: string;
      description: string;
      canonicalPath: string | null;
      /** The photos the page paints first. */
      images?: PageImage[];
    };
    state: { queries: unknown; texts: Record<string, unknown>; locale: Locale };
    render(options: {
      onAllReady?: () => void;
      onShellError?: (error: unknown) => void;
      onError?: (error: unknown) => void;
    }): PipeableStream;
  }>;
}

export interface PageRendererOptions {
  /** The repository root (shell/dist, shell/dist-server). */
  root: string;
  /** The registry file the static plugin serves as /remotes.json. */
  registryFile: string;
  /**
   * The site's public origin for canonical and alternate links: PUBLIC_URL, else the origin the
   * server listens on (the development server's when not given). Never the request's Host, which
   * its sender chooses and a shared page would keep.
   */
  publicUrl?: string | undefined;
  /** How long a rendered guest page is shared between visitors; 0 = not at all. */
  cacheMs: number;
  /** How long a loaded remote server build is used before its file is checked again. */
  remoteRevalidateMs?: number;
  /**
   * Production: remote files are read only from this server or over https, and a server build
   * runs only with its hash pinned in the registry (elsewhere a pin, when given, is still checked).
   */
  strictRemotes?: boolean;
  /** The remotes' releases chosen for each visitor (issue 30); the file's registry alone without it. */
  channels?: RegistryChannels | undefined;
  /** The share of page sessions that report telemetry, written into each page (the template's otherwise). */
  telemetrySample?: number | undefined;
}

/** Writes the telemetry sample into a page's `<meta name="app-telemetry-sample">` (platform's telemetry reads it). */
export function withTelemetrySample(html: string, sample: number | undefined): string {
  if (sample === undefined) return html;
  return html.replace(
    /<meta name="app-telemetry-sample" content="[^"]*"\s*\/?>/,
    `<meta name="app-telemetry-sample" content="${sample}" />`,
  );
}

export interface PageRenderer {
  /** Answers a page navigation; false when this path is not server-rendered (send index.html). */
  handle(request: FastifyRequest, reply: FastifyReply, pathname: string): Promise<boolean>;
  /** Drops every cached page (the same writes that clear the listing cache). */
  clear(): void;
  /** How many pages are cached now. */
  size(): number;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSON inside a <script> block: nothing in it can close the block or start a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

interface CachedPage {
  status: number;
  html: string;
  locale: Locale;
  /** Compressed once, on first demand, for every visitor who shares the page. */
  encoded: Partial<Record<'br' | 'gzip', Buffer>>;
}

/** The encoding to send a shared page in: brotli, else gzip, else none. */
function encodingFor(acceptEncoding: string | string[] | undefined): 'br' | 'gzip' | null {
  const accepted = String(acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

function encode(page: CachedPage, encoding: 'br' | 'gzip'): Buffer {
  let body = page.encoded[encoding];
  if (!body) {
    body =
      encoding === 'br'
        ? brotliCompressSync(page.html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 6 } })
        : gzipSync(page.html);
    page.encoded[encoding] = body;
  }
  return body;
}

/** Loads the shell's server build, or null when there is none (the SPA fallback then serves every page). */
export function createPageRenderer(
  fastify: FastifyInstance,
  options: PageRendererOptions,
): PageRenderer | null {
  const serverFile = path.join(options.root, 'shell', 'dist-server', 'server.cjs');
  const templateFile = path.join(options.root, 'shell', 'dist', 'index.html');
  if (!existsSync(serverFile) || !existsSync(templateFile)) return null;

  const shell = createRequire(import.meta.url)(serverFile) as ShellServer;
  const template = readFileSync(templateFile, 'utf8');
  const assetsFile = path.join(options.root, 'shell', 'dist', 'ssr-assets.json');
  // The shell's stylesheets, inlined into every rendered page (no request stands between the
  // HTML and its first paint); `data-href` tells the browser build's CSS loader they are there.
  const shellStyles: { file: string; text: string }[] = existsSync(assetsFile)
    ? (JSON.parse(readFileSync(assetsFile, 'utf8')) as { css: string[] }).css.map((file) => ({
        file,
        text: readFileSync(path.join(options.root, 'shell', 'dist', file), 'utf8'),
      }))
    : [];
  // The shell build copies boot.js under its content hash (served immutable); an older build's
  // plain name still works.
  const bootFile =
    readdirSync(path.join(options.root, 'shell', 'dist')).find((file) =>
      /^boot\.[0-9a-f]{8,}\.js$/.test(file),
    ) ?? 'boot.js';
  // The template's own stylesheet link is replaced by the inlined copy.
  const pageTemplate = withTelemetrySample(
    template.replace(/<link href="\/[^"]+\.css" rel="stylesheet">/g, ''),
    options.telemetrySample,
  );

  // The pages' API calls are answered by this process: no socket, the same routes and checks.
  shell.configure({
    fetch: async (input, init) => {
      const url = new URL(typeof input === 'string' || input instanceof URL ? input.toString() : input.url);
      const response = await fastify.inject({
        method: (init?.method ?? 'GET') as 'GET',
        url: `${url.pathname}${url.search}`,
        headers: { ...(init?.headers as Record<string, string> | undefined), 'x-server-render': '1' },
        ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
      });
      return new Response(response.statusCode === 204 ? null : new Uint8Array(response.rawPayload), {
        status: response.statusCode,
        headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') },
      });
    },
  });

  const fetchFile = async (url: string, headers: Record<string, string>): Promise<FetchedFile> => {
    // A path is read from this server itself (fastify.inject), never from the network.
    const ownPath = url.startsWith('/');
    if (options.strictRemotes && !ownPath && !url.startsWith('https://')) {
      // Code that runs inside this process, and styles inlined into its pages: never over a
      // connection anyone on the way can rewrite.
      throw new Error(`${url} is neither on this server nor https: not fetched`);
    }
    if (ownPath) {
      const response = await fastify.inject({ method: 'GET', url, headers });
      const etag = response.headers.etag;
      return {
        status: response.statusCode,
        body: response.body,
        etag: typeof etag === 'string' ? etag : undefined,
      };
    }
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(3_000) });
    return {
      status: response.status,
      body: response.status === 200 ? await response.text() : '',
      etag: response.headers.get('etag') ?? undefined,
    };
  };

  const loader = createRemoteLoader<RemoteServerModule>({
    fetchFile,
    shared: shell.sharedModules,
    revalidateMs: options.remoteRevalidateMs ?? 1_000,
    requireIntegrity: options.strictRemotes ?? false,
    check: (value) => {
      const module = value as Partial<RemoteServerModule> | null;
      if (
        !module ||
        typeof module.Routes !== 'function' ||
        typeof module.namespace !== 'string' ||
        !module.locales
      ) {
        throw new Error('The server build exports no Routes, namespace and locales');
      }
      shell.addRemoteTexts(module as RemoteServerModule);
      return module as RemoteServerModule;
    },
  });

  const pages =
    options.cacheMs > 0 ? new LRUCache<string, CachedPage>({ max: 500, ttl: options.cacheMs }) : null;

  async function readFileRegistry(): Promise<RemoteRegistry> {
    try {
      return JSON.parse(await readFile(options.registryFile, 'utf8')) as RemoteRegistry;
    } catch {
      return {};
    }
  }

  /** The registry this page is rendered with: the file's, with this visitor's releases where a remote has channels. */
  async function readRegistry(request: FastifyRequest): Promise<{ registry: RemoteRegistry; key: string }> {
    const base = await readFileRegistry();
    return options.channels ? options.channels.forRequest(base, request, true) : { registry: base, key: '' };
  }

  const origin = (options.publicUrl ?? 'http://localhost:8080').replace(/\/+$/, '');

  function headTags(
    page: Awaited<ReturnType<ShellServer['preparePage']>>,
    origin: string,
    styles: RemoteStyle[],
  ): string {
    const tags: string[] = [];
    const { canonicalPath } = page.head;
    if (canonicalPath) {
      tags.push(
        `<link rel="canonical" href="${escapeHtml(origin + localizePath(canonicalPath, page.locale))}" />`,
      );
      for (const [hreflang, locale] of [
        ['ru', 'ru'],
        ['en', 'en'],
        ['x-default', 'ru'],
      ] as const) {
        tags.push(
          `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(origin + localizePath(canonicalPath, locale))}" />`,
        );
      }
    }
    if (page.status !== 200) tags.push('<meta name="robots" content="noindex" />');
    for (const style of [...shellStyles, ...styles]) {
      const css = style.text.replace(/<\/style/gi, '<\\/style');
      tags.push(`<style data-href="${escapeHtml(style.file)}">${css}</style>`);
    }
    return tags.join('');
  }

  /**
   * The photos the page paints first, asked for ahead of the scripts: a browser on HTTP/1.1 has
   * six connections to the origin, and the head's scripts would otherwise take them all.
   */
  function imagePreloads(page: Awaited<ReturnType<ShellServer['preparePage']>>): string {
    return (page.head.images ?? [])
      .map(
        (image) =>
          `<link rel="preload" as="image" href="${escapeHtml(image.src)}"${
            image.srcSet
              ? ` imagesrcset="${escapeHtml(image.srcSet)}" imagesizes="${escapeHtml(image.sizes)}"`
              : ''
          } fetchpriority="high" />`,
      )
      .join('');
  }

  /**
   * The template's script tags become one tag of the shell's `boot.js`, which starts them (and
   * fetches the page's remote code) once the page's photos have loaded, or at the first tap or key.
   * The page reads and navigates meanwhile; on a slow link its photos no longer share it with
   * the scripts.
   */
  function bootScripts(html: string, remoteScripts: string[]): string {
    const scripts: string[] = [];
    const rest = html.replace(/<script defer(?:="defer")? src="([^"]+)"><\/script>/g, (_, src: string) => {
      scripts.push(src);
      return '';
    });
    if (scripts.length === 0) return html;
    const boot = `<script defer src="/${bootFile}" data-scripts="${escapeHtml(scripts.join(' '))}" data-preload="${escapeHtml(remoteScripts.join(' '))}"></script>`;
    return rest.replace('</head>', () => `${boot}</head>`);
  }

  /** The template cut around the root element, with the page's language, title and head. */
  function documentParts(
    page: Awaited<ReturnType<ShellServer['preparePage']>>,
    origin: string,
    styles: RemoteStyle[],
    scripts: string[],
    registry: RemoteRegistry,
  ): [string, string] {
    const state = { ...page.state, registry };
    const filled = pageTemplate
      .replace(/<html lang="[^"]*"/, `<html lang="${page.locale}"`)
      .replace(
        /<title>[^<]*<\/title>/,
        () => `<title>${escapeHtml(page.head.title)}</title>${imagePreloads(page)}`,
      )
      .replace(
        /<meta name="description" content="[^"]*"\s*\/?>/,
        `<meta name="description" content="${escapeHtml(page.head.description)}" />`,
      )
      .replace('</head>', () => `${headTags(page, origin, styles)}</head>`)
      .replace(
        '<div id="root"></div>',
        `<script type="application/json" id="page-state">${scriptJson(state)}</script><div id="root"></div>`,
      );
    const html = bootScripts(filled, scripts);
    const at = html.indexOf('<div id="root"></div>') + '<div id="root">'.length;
    return [html.slice(0, at), html.slice(at)];
  }

  async function render(
    request: FastifyRequest,
    reply: FastifyReply,
    url: URL,
    name: RemoteName | null,
    { registry, key }: { registry: RemoteRegistry; key: string },
  ) {
    let remote: RemoteServerModule | null = null;
    let styles: RemoteStyle[] = [];
    let scripts: string[] = [];
    const record = name ? registry[REMOTES[name]] : undefined;
    if (record) {
      const entry = typeof record === 'string' ? record : record.entry;
      const ssr = typeof record === 'string' ? undefined : record.ssr;
      if (ssr) {
        try {
          const loaded = await loader.get(
            ssr,
            entry,
            typeof record === 'string' ? undefined : record.integrity,
          );
          remote = loaded.module;
          styles = loaded.styles;
          scripts = loaded.scripts;
        } catch (error) {
          request.log.warn(
            { err: error, remote: name },
            'remote server code unavailable; the area renders in the browser',
          );
        }
      }
    }

    const page = await shell.preparePage({ url, remoteName: name, remote, registry });
    const [before, after] = documentParts(page, origin, styles, scripts, registry);
    const chunks: Buffer[] = [];
    // Pages are rendered for a guest whoever asks, so one copy serves everyone; a page whose remote
    // could not render on the server is not kept (the next request tries the remote again), nor
    // a 404 (any path is one: a flood of made-up paths would push the real pages out).
    const cacheKey = pages && (remote || !name) && page.status !== 404 ? pageKey(key, url) : null;
    // The head leaves at once; the body follows as React renders it.
    const body = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        if (cacheKey) chunks.push(Buffer.from(chunk));
        callback(null, chunk);
      },
      flush(callback) {
        this.push(after);
        if (cacheKey && pages) {
          pages.set(cacheKey, {
            status: page.status,
            html: before + Buffer.concat(chunks).toString('utf8') + after,
            locale: page.locale,
            encoded: {},
          });
        }
        callback();
      },
    });
    body.push(before);
    const stream = page.render({
      // Everything, not just the shell: crawlers and browsers without JavaScript get whole pages.
      onAllReady: () => stream.pipe(body),
      onShellError: (error) => body.destroy(error instanceof Error ? error : new Error(String(error))),
      onError: (error) => {
        if (!(error instanceof Error && error.name === 'ClientOnlyRemote')) {
          request.log.error({ err: error }, 'server render error');
        }
      },
    });
    return reply
      .code(page.status)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('content-language', page.locale)
      .send(body);
  }

  return {
    async handle(request, reply, pathname) {
      const chosen = await readRegistry(request);
      const name = shell.ownerOf(pathname, chosen.registry);
      if (name && !SERVER_RENDERED_REMOTES.includes(name)) return false;
      // The page is rendered, and shared, for the query it reads: a parameter it does not read
      // (`?x=<random>`) is left out, the rest are put in order, so neither makes another copy.
      const requested = new URL(request.url, 'http://page.invalid');
      const url = new URL(
        requested.pathname + pageQuery(requested.pathname, requested.searchParams),
        requested,
      );
      const cached = pages?.get(pageKey(chosen.key, url));
      if (cached) {
        reply
          .code(cached.status)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-cache')
          .header('content-language', cached.locale)
          .header('vary', 'accept-encoding');
        const encoding = encodingFor(request.headers['accept-encoding']);
        if (!encoding) await reply.send(cached.html);
        else await reply.header('content-encoding', encoding).send(encode(cached, encoding));
        return true;
      }
      try {
        await render(request, reply, url, name, chosen);
      } catch (error) {
        // The page never fails whole: the browser renders it, as it would without a server build.
        request.log.error({ err: error }, 'server rendering failed; the page renders in the browser');
        if (reply.sent) return true;
        await reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(template);
      }
      return true;
    },
    clear: () => pages?.clear(),
    size: () => pages?.size ?? 0,
  };
}

/** A shared page's key: the releases it was rendered with (none: the file's), then its address. */
const pageKey = (releases: string, url: URL) => `${releases}|${url.pathname}${url.search}`;

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parse as parseQuery } from 'node:querystring';
import { Writable } from 'node:stream';
import { transcode } from 'node:buffer';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants } from 'node:zlib';
import {
  LIVE_QUERY_META,
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
import { httpDate, notModified, unmodifiedSince } from '../../lib/conditional';
import { type Encoding, negotiateEncoding } from '../../lib/compression';
import { findInProcessRead, inProcessHeaders } from '../../lib/in-process';
import { gzipPage, type PageBytes, SHARED_MIN } from './page-gzip';
import type { PageVersions } from './page-versions';
import { createRemoteLoader, type FetchedFile, integrityOf, type RemoteStyle } from './remote-loader';

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
  /** The remote owning a path, by the routes the visitor's registry declares. */
  ownerOf(pathname: string, registry: RemoteRegistry): RemoteName | null;
  preparePage(input: {
    url: URL;
    remoteName: RemoteName | null;
    remote: RemoteServerModule | null;
    registry: RemoteRegistry;
  }): Promise<PreparedPage>;
}

/** A page whose data is read: its status and head at once, its body when rendered. */
interface PreparedPage {
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
  /** The body at once, with nothing to wait for (an older shell build has only `render`). */
  renderToString?: () => string;
  /** Lets go of the page's data once its body is written (an older shell build has none). */
  dispose?: () => void;
}

/**
 * A boundary React could not write in place: one whose render threw (`$!`, left to the browser)
 * or one still waiting (`$?`). React's string renderer says nothing of why.
 */
const UNFINISHED_BOUNDARY = /<!--\$[!?]-->/;

/**
 * When a page's queries were read, as TanStack Query hands them over (milliseconds). A key in the
 * state's JSON: text inside a string there has its quotes escaped, so no profile's words match.
 */
const READ_TIMES = /"(?:dehydratedAt|dataUpdatedAt|errorUpdatedAt)":\d+/g;

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
  /** Told how each page answered here was made (the metrics: at crawler scale, what a page costs). */
  onPage?: ((page: PageOutcome) => void) | undefined;
  /** When each page's content was first sent (its Last-Modified); without it pages carry no date. */
  versions?: PageVersions | undefined;
}

/**
 * How a page was made: `cache`, a copy shared from the last 2 s; `rendered`, by React's string
 * renderer; `rerendered`, again through the stream, because a part could not be written in place
 * (its render threw); `area_in_browser`, without its remote's server code (unavailable or none),
 * so the area renders in the browser; `failed`, rendering or sending failed and the browser renders
 * the page; `not_modified`, a 304: the copy the request named by its ETag is the page as it would
 * be rendered now (its data read, not rendered).
 */
export type PageResult = 'cache' | 'rendered' | 'rerendered' | 'area_in_browser' | 'failed' | 'not_modified';

export interface PageOutcome {
  /** The remote owning the page; null for the site's own 404 page. */
  remote: RemoteName | null;
  result: PageResult;
  /** For a page rendered here: seconds from the request's turn to the page's bytes (compression and sending not counted). */
  seconds?: number;
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

const SCRIPT_ESCAPES: Record<string, string> = { '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' };
/** JSON inside a <script> block: nothing in it can close the block or start a comment. */
const scriptJson = (value: unknown) =>
  // One pass over the JSON (a page's state is about 20 000 characters), not three.
  JSON.stringify(value).replace(/[<\u2028\u2029]/g, (character) => SCRIPT_ESCAPES[character] as string);

/**
 * The handed-over queries' JSON (TanStack Query's dehydrated state), byte for byte what
 * `scriptJson(queries)` writes, in pieces: each query on its own, so that the data of a query whose
 * `meta` says the page keeps it current itself (contracts' LIVE_QUERY_META: the header's
 * online count) can be left out of the page's validator. Those pieces are added to `live`.
 */
export function queriesJson(queries: unknown, live: Set<string>): string[] {
  const dehydrated = queries as { queries?: unknown } | null;
  if (!dehydrated || typeof dehydrated !== 'object' || Array.isArray(dehydrated))
    return [scriptJson(queries)];
  const pieces: string[] = [];
  let text = '{';
  let first = true;
  for (const [key, value] of Object.entries(dehydrated)) {
    // What JSON.stringify leaves out of an object.
    if (value === undefined || typeof value === 'function' || typeof value === 'symbol') continue;
    text += `${first ? '' : ','}${scriptJson(key)}:`;
    first = false;
    if (key !== 'queries' || !Array.isArray(value)) {
      text += scriptJson(value);
      continue;
    }
    text += '[';
    value.forEach((query: unknown, index) => {
      if (index > 0) text += ',';
      const json = scriptJson(query ?? null);
      if ((query as { meta?: { live?: unknown } } | null)?.meta?.live !== LIVE_QUERY_META.live) {
        text += json;
        return;
      }
      pieces.push(text, json);
      live.add(json);
      text = '';
    });
    text += ']';
  }
  pieces.push(`${text}}`);
  return pieces;
}

interface CachedPage {
  status: number;
  bytes: PageBytes;
  locale: Locale;
  /** The page's validator (a 200's only). */
  etag: string | undefined;
  /** The date its content has been the same since (ms), or null: its Last-Modified. */
  since: number | null;
  /** Compressed once, on first demand, for every visitor who shares the page. */
  encoded: Partial<Record<'br' | 'gzip', Promise<Buffer>>>;
}

/**
 * The encoding to send a page in, as the request accepts it (q=0 refuses one), or null for none.
 * A page rendered for this request goes as gzip where it may (gzipPage: the page's own text is
 * all that is compressed), a shared copy as brotli (compressed once, harder, for every visitor).
 */
function encodingFor(acceptEncoding: string | string[] | undefined, rendered: boolean): Encoding | null {
  const header = String(acceptEncoding ?? '').toLowerCase();
  if (!header) return null;
  return negotiateEncoding(header, rendered ? ['gzip', 'br'] : ['br', 'gzip']);
}

const brotli = promisify(brotliCompress);

/**
 * A page compressed off the main thread (libuv's pool). gzip by its pieces (gzipPage). Brotli for a
 * shared page at 6 (compressed once for every visitor), else at 3, for a client that takes brotli
 * and not gzip: on a page of 86 KB, 0.9 ms of CPU for 18.8 KB where brotli 4 took 1.6 ms for 17.9 KB.
 */
function compress(bytes: PageBytes, encoding: Encoding, shared: boolean): Promise<Buffer> {
  if (encoding === 'gzip') return gzipPage(bytes);
  return brotli(bytes.html, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: shared ? 6 : 3,
      [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.html.length,
    },
  });
}

/** A shared page's copy in `encoding`, made once (the request that rendered it may have made it). */
function encode(page: CachedPage, encoding: Encoding): Promise<Buffer> {
  let body = page.encoded[encoding];
  if (!body) {
    const compressed = compress(page.bytes, encoding, true);
    // A failed compression is not kept: the next visitor's request tries again.
    compressed.catch(() => {
      if (page.encoded[encoding] === compressed) delete page.encoded[encoding];
    });
    body = compressed;
    page.encoded[encoding] = body;
  }
  return body;
}

/**
 * A part of a page: text written for this page, or the bytes of text every page shares (the
 * inlined styles, a language's texts, the registry), encoded once.
 */
export type Piece = string | Buffer;

/**
 * The UTF-8 bytes of a text. V8 writes UTF-8 from a two-byte string (any text with Cyrillic in it)
 * about three times slower than ICU transcodes its UTF-16 copy (issue 31: 200 against 75 us for an
 * 80 000-character page). A lone surrogate, which ICU refuses, is written as Node writes it (U+FFFD).
 */
export function utf8(text: string): Buffer {
  if (text.length < 256) return Buffer.from(text);
  try {
    return transcode(Buffer.from(text, 'utf16le'), 'utf16le', 'utf8');
  } catch {
    return Buffer.from(text);
  }
}

/**
 * A page's pieces as bytes: the texts between shared pieces joined and encoded, the shared ones
 * copied as they are. The page is never one string: joining the shared parts (about 60 000 of its
 * 80 000 characters) to each page's text would copy them into a new string and encode them again.
 */
export function bytesOf(pieces: readonly Piece[]): Buffer {
  return pageBytes(pieces).html;
}

/**
 * As bytesOf, and where the shared pieces of SHARED_MIN bytes or more are in the page (gzipPage
 * copies their compressed blocks instead of compressing them again).
 */
export function pageBytes(pieces: readonly Piece[]): PageBytes {
  const buffers: Buffer[] = [];
  const shared: { at: number; piece: Buffer }[] = [];
  let length = 0;
  let text = '';
  const push = (buffer: Buffer) => {
    buffers.push(buffer);
    length += buffer.length;
  };
  for (const piece of pieces) {
    if (typeof piece === 'string') {
      text += piece;
      continue;
    }
    if (text) push(utf8(text));
    text = '';
    if (piece.length >= SHARED_MIN) shared.push({ at: length, piece });
    push(piece);
  }
  if (text) push(utf8(text));
  return { html: buffers.length === 1 ? (buffers[0] as Buffer) : Buffer.concat(buffers, length), shared };
}

/** What a page writes into the template. */
interface PageFill {
  lang: string;
  /** Escaped. */
  title: string;
  /** After the title: the preloads of the photos it paints first. */
  preloads: string;
  /** Escaped. */
  description: string;
  /** Before `</head>`: links, styles, the boot script. */
  head: readonly Piece[];
  /** The handed-over state, as JSON safe inside a script block. */
  state: readonly Piece[];
}

/**
 * The template cut once where each page writes its own parts (its language, title, description,
 * head, state and root), so a page is a list of pieces, not a pass of several regular expressions
 * over the whole document. The template's own text between them is encoded once. Gives the
 * document before the root's content and after it.
 */
export function compileTemplate(template: string): (fill: PageFill) => [Piece[], Piece[]] {
  type Write = (fill: PageFill) => readonly Piece[];
  const slots: { at: number; end: number; write: Write }[] = [];
  const slot = (pattern: RegExp | string, write: Write) => {
    const found =
      typeof pattern === 'string'
        ? { index: template.indexOf(pattern), length: pattern.length }
        : (() => {
            const match = pattern.exec(template);
            return match ? { index: match.index, length: match[0].length } : { index: -1, length: 0 };
          })();
    if (found.index >= 0) slots.push({ at: found.index, end: found.index + found.length, write });
  };
  slot(/<html lang="[^"]*"/, (fill) => [`<html lang="${fill.lang}"`]);
  slot(/<title>[^<]*<\/title>/, (fill) => [`<title>${fill.title}</title>${fill.preloads}`]);
  slot(/<meta name="description" content="[^"]*"\s*\/?>/, (fill) => [
    `<meta name="description" content="${fill.description}" />`,
  ]);
  slot('</head>', (fill) => [...fill.head, '</head>']);
  const root = '<div id="root"></div>';
  const rootAt = template.indexOf(root);
  if (rootAt < 0) throw new Error('The page template has no <div id="root"></div>');
  slots.sort((a, b) => a.at - b.at);
  const before: (Buffer | Write)[] = [];
  let at = 0;
  for (const { at: start, end, write } of slots.filter((item) => item.at < rootAt)) {
    before.push(utf8(template.slice(at, start)), write);
    at = end;
  }
  before.push(utf8(template.slice(at, rootAt)), (fill) => [
    '<script type="application/json" id="page-state">',
    ...fill.state,
    '</script><div id="root">',
  ]);
  const after: (Buffer | Write)[] = [];
  at = rootAt + '<div id="root">'.length;
  for (const { at: start, end, write } of slots.filter((item) => item.at > rootAt)) {
    after.push(utf8(template.slice(at, start)), write);
    at = end;
  }
  after.push(utf8(template.slice(at)));
  const join = (parts: (Buffer | Write)[], fill: PageFill) => {
    const pieces: Piece[] = [];
    for (const part of parts) {
      if (Buffer.isBuffer(part)) {
        if (part.length > 0) pieces.push(part);
      } else pieces.push(...part(fill));
    }
    return pieces;
  };
  return (fill) => [join(before, fill), join(after, fill)];
}

/**
 * An in-process API answer as the pages' client reads it (status, JSON, text), without a web
 * Response: that one wraps its body in a web stream, several objects per call, four calls a page.
 */
export function inProcessResponse(
  status: number,
  text: string,
  type: string,
): Pick<Response, 'status' | 'ok' | 'statusText' | 'headers' | 'json' | 'text' | 'arrayBuffer'> {
  let headers: Headers | undefined;
  return {
    status,
    ok: status >= 200 && status < 300,
    statusText: '',
    get headers() {
      headers ??= new Headers({ 'content-type': type });
      return headers;
    },
    json: async () => JSON.parse(text) as unknown,
    text: async () => text,
    arrayBuffer: async () => {
      const bytes = Buffer.from(text);
      return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    },
  };
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
  // The code that writes every page's body: part of each page's validator (see pageTag).
  const shellVersion = integrityOf(readFileSync(serverFile, 'utf8'));
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
  // The template's own stylesheet link is replaced by the inlined copy; its script tags become one
  // tag of the shell's boot.js (see bootTag).
  const templateScripts: string[] = [];
  const pageTemplate = withTelemetrySample(
    template
      .replace(/<link href="\/[^"]+\.css" rel="stylesheet">/g, '')
      .replace(/<script defer(?:="defer")? src="([^"]+)"><\/script>/g, (_, src: string) => {
        templateScripts.push(src);
        return '';
      }),
    options.telemetrySample,
  );
  const fillTemplate = compileTemplate(pageTemplate);

  // The pages' API calls are answered by this process: no socket, the same routes and checks.
  shell.configure({
    fetch: async (input, init) => {
      const target = typeof input === 'string' || input instanceof URL ? input.toString() : input.url;
      const url = new URL(target);
      const method = init?.method ?? 'GET';
      const found = method === 'GET' ? findInProcessRead(fastify.inProcessReads, url.pathname) : undefined;
      if (found) {
        try {
          const headers = init?.headers as Record<string, string> | undefined;
          const json = await found.read({
            params: found.params,
            query: parseQuery(url.search.slice(1)) as Record<string, string | string[]>,
            acceptLanguage: headers?.['accept-language'],
          });
          return inProcessResponse(200, json, 'application/json; charset=utf-8') as Response;
        } catch {
          // Answered through the route below: the answer a browser would get (an invalid query's
          // 400, a failure's 500).
        }
      }
      const response = await fastify.inject({
        method: method as 'GET',
        url: `${url.pathname}${url.search}`,
        headers: { ...(init?.headers as Record<string, string> | undefined), ...inProcessHeaders },
        ...(typeof init?.body === 'string' ? { payload: init.body } : {}),
      });
      return inProcessResponse(
        response.statusCode,
        response.statusCode === 204 ? '' : response.payload,
        String(response.headers['content-type'] ?? 'application/json'),
      ) as Response;
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
      return module as RemoteServerModule;
    },
  });

  const pages =
    options.cacheMs > 0 ? new LRUCache<string, CachedPage>({ max: 500, ttl: options.cacheMs }) : null;

  /**
   * The registry file, parsed again only when it changes (another inode, size or modification
   * time): a deploy's new registry reaches the next page, and pages in between share one object.
   */
  let fileRegistry: { stamp: string; registry: RemoteRegistry } | null = null;
  function readFileRegistry(): RemoteRegistry {
    let stamp: string;
    try {
      const stats = statSync(options.registryFile, { bigint: true });
      stamp = `${stats.ino}:${stats.size}:${stats.mtimeNs}`;
    } catch {
      return {};
    }
    if (fileRegistry?.stamp === stamp) return fileRegistry.registry;
    let registry: RemoteRegistry;
    try {
      registry = JSON.parse(readFileSync(options.registryFile, 'utf8')) as RemoteRegistry;
    } catch {
      // Half written, or not JSON: read again next time.
      return {};
    }
    fileRegistry = { stamp, registry };
    return registry;
  }

  /** The registry this page is rendered with: the file's, with this visitor's releases where a remote has channels. */
  async function readRegistry(request: FastifyRequest): Promise<{ registry: RemoteRegistry; key: string }> {
    const base = readFileRegistry();
    return options.channels ? options.channels.forRequest(base, request, true) : { registry: base, key: '' };
  }

  const origin = (options.publicUrl ?? 'http://localhost:8080').replace(/\/+$/, '');

  /** An inlined stylesheet. */
  const styleTag = (style: { file: string; text: string }) =>
    `<style data-href="${escapeHtml(style.file)}">${style.text.replace(/<\/style/gi, '<\\/style')}</style>`;
  const shellStyleTags = utf8(shellStyles.map(styleTag).join(''));
  // A loaded remote's styles and scripts are the same arrays until its files change: their tags
  // are written once for each.
  const remoteStyleTags = new WeakMap<RemoteStyle[], Buffer>();
  const bootTags = new WeakMap<string[], Buffer>();

  function headTags(page: PreparedPage, origin: string, styles: RemoteStyle[]): Piece[] {
    let tags = '';
    const { canonicalPath } = page.head;
    if (canonicalPath) {
      tags += `<link rel="canonical" href="${escapeHtml(origin + localizePath(canonicalPath, page.locale))}" />`;
      for (const [hreflang, locale] of [
        ['ru', 'ru'],
        ['en', 'en'],
        ['x-default', 'ru'],
      ] as const) {
        tags += `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(origin + localizePath(canonicalPath, locale))}" />`;
      }
    }
    if (page.status !== 200) tags += '<meta name="robots" content="noindex" />';
    let remoteTags = remoteStyleTags.get(styles);
    if (remoteTags === undefined) {
      remoteTags = utf8(styles.map(styleTag).join(''));
      remoteStyleTags.set(styles, remoteTags);
    }
    return [tags, shellStyleTags, remoteTags];
  }

  /**
   * The photos the page paints first, asked for ahead of the scripts: a browser on HTTP/1.1 has
   * six connections to the origin, and the head's scripts would otherwise take them all.
   */
  function imagePreloads(page: PreparedPage): string {
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
  function bootTag(remoteScripts: string[]): Piece {
    if (templateScripts.length === 0) return '';
    let tag = bootTags.get(remoteScripts);
    if (tag === undefined) {
      tag = utf8(
        `<script defer src="/${bootFile}" data-scripts="${escapeHtml(templateScripts.join(' '))}" data-preload="${escapeHtml(remoteScripts.join(' '))}"></script>`,
      );
      bootTags.set(remoteScripts, tag);
    }
    return tag;
  }

  /** The template around the root element, with the page's language, title, head and state. */
  function documentParts(
    page: PreparedPage,
    origin: string,
    styles: RemoteStyle[],
    scripts: string[],
    registry: RemoteRegistry,
  ): [Piece[], Piece[], ReadonlySet<string>] {
    const live = new Set<string>();
    const [before, after] = fillTemplate({
      lang: page.locale,
      title: escapeHtml(page.head.title),
      preloads: imagePreloads(page),
      description: escapeHtml(page.head.description),
      head: [...headTags(page, origin, styles), bootTag(scripts)],
      state: stateJson(page.state, registry, live),
    });
    return [before, after, live];
  }

  /**
   * The state block's JSON. The texts and the registry are the same objects page after page (a
   * language's texts, the registry file as last read): each is written once and reused.
   */
  const written = new WeakMap<object, Buffer>();
  const jsonOnce = (value: object) => {
    let json = written.get(value);
    if (json === undefined) {
      json = utf8(scriptJson(value));
      written.set(value, json);
    }
    return json;
  };
  function stateJson(state: PreparedPage['state'], registry: RemoteRegistry, live: Set<string>): Piece[] {
    const pieces: Piece[] = ['{"queries":', ...queriesJson(state.queries, live), ',"texts":{'];
    let first = true;
    for (const [namespace, value] of Object.entries(state.texts)) {
      const name = `${first ? '' : ','}${scriptJson(namespace)}:`;
      first = false;
      if (value && typeof value === 'object') pieces.push(name, jsonOnce(value));
      else pieces.push(name + scriptJson(value ?? null));
    }
    pieces.push(`},"locale":${scriptJson(state.locale)},"registry":`, jsonOnce(registry), '}');
    return pieces;
  }

  /**
   * A page's validator, known before it is rendered: a digest of what its bytes are made of. The
   * document around the body is hashed as it will be sent (head, inlined styles, the handed-over
   * state with the data the page read, texts and registry). The body is what the shell's and the
   * remote's server code write from that state for that address, so their code's hashes, the
   * address and the status stand for it (the render reads no clock, cookie or random number). Left
   * out are the times its queries were read at (TanStack Query's `dataUpdatedAt` and the like, in
   * milliseconds: they differ on every page), and the data of queries the page keeps current itself
   * (`live`, see queriesJson: the header's online count, which would otherwise make every page new
   * whenever a model comes online). The tag is weak, the same for the same content read at another
   * time, and for the page's brotli, gzip and plain bytes. A page whose ETag a request
   * names is then the same page: a 304, for a crawler coming back or a browser's reload, costs the
   * page's reads but not its render, compression or transfer. A browser that keeps its copy reads
   * it as data read then, and asks for it again when TanStack Query counts it stale.
   */
  const sharedDigests = new WeakMap<Buffer, string>();
  function pageTag(
    page: PreparedPage,
    url: URL,
    code: string,
    pieces: readonly (readonly Piece[])[],
    live: ReadonlySet<string>,
  ) {
    const hash = createHash('sha1').update(
      `${shellVersion}\n${code}\n${page.status}\n${url.pathname}${url.search}\n`,
    );
    for (const part of pieces) {
      for (const piece of part) {
        if (typeof piece === 'string') {
          // A query the page keeps current itself: that it is there, not what it held.
          hash.update(live.has(piece) ? '\0live\0' : piece.replace(READ_TIMES, ''));
          continue;
        }
        // The template's text, styles, a language's texts, the registry: the same bytes page after
        // page, each hashed once.
        let digest = sharedDigests.get(piece);
        if (digest === undefined) {
          digest = createHash('sha1').update(piece).digest('base64url');
          sharedDigests.set(piece, digest);
        }
        hash.update(`\0${digest}\0`);
      }
      hash.update('\0\0');
    }
    return `W/"${hash.digest('base64url')}"`;
  }

  /**
   * The headers a page's 200 and its 304 both carry. Its date is never later than now (a page
   * whose content changed this second is dated now, a little before its `since`: a request with
   * that date gets the whole page once more).
   */
  function pageHeaders(reply: FastifyReply, locale: Locale, etag: string | undefined, since: number | null) {
    reply
      .header('cache-control', 'no-cache')
      .header('content-language', locale)
      .header('vary', 'accept-encoding');
    if (etag) reply.header('etag', etag);
    if (etag && since !== null) reply.header('last-modified', httpDate(Math.min(since, Date.now())));
    return reply;
  }

  /** A 304 for a page the request holds: the headers its 200 would carry, no body. */
  function sendNotModified(reply: FastifyReply, locale: Locale, etag: string, since: number | null) {
    return pageHeaders(reply.code(304), locale, etag, since).send();
  }

  /**
   * The date the page's content (its tag) has been the same since, recorded when new; null without
   * the store or when it failed (the page is sent without a date, never held back).
   */
  function dateOf(request: FastifyRequest, key: string, etag: string): Promise<number | null> {
    if (!options.versions) return Promise.resolve(null);
    return options.versions.since(key, etag).catch((error: unknown) => {
      request.log.warn({ err: error }, "a page's date could not be read; sent without Last-Modified");
      return null;
    });
  }

  /**
   * The page's body as React writes it, whole: everything, not just the shell (crawlers and
   * browsers without JavaScript get whole pages). `failed`: a part's render threw, and the part is
   * left to the browser.
   */
  function renderBody(
    request: FastifyRequest,
    page: PreparedPage,
  ): Promise<{ body: Buffer; failed: boolean }> {
    let failed = false;
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      const sink = new Writable({
        write(chunk: Buffer, _encoding, callback) {
          chunks.push(chunk);
          callback();
        },
        final(callback) {
          resolve({ body: Buffer.concat(chunks), failed });
          callback();
        },
      });
      sink.on('error', reject);
      const stream = page.render({
        onAllReady: () => stream.pipe(sink),
        onShellError: (error) => reject(error instanceof Error ? error : new Error(String(error))),
        onError: (error) => {
          if (!(error instanceof Error && error.name === 'ClientOnlyRemote')) {
            failed = true;
            request.log.error({ err: error }, 'server render error');
          }
        },
      });
    });
  }

  /**
   * Sends a page, compressed as the request accepts: `rendered` for this request (or else sent
   * from the cache), and kept as `shared` when others may ask for it (its compressed copies are
   * made once, the first by the request that rendered it).
   */
  async function sendPage(
    request: FastifyRequest,
    reply: FastifyReply,
    page: { status: number; locale: Locale },
    bytes: PageBytes,
    shared: CachedPage | null,
    rendered: boolean,
    etag: string | undefined,
    since: number | null,
  ) {
    pageHeaders(reply.code(page.status).type('text/html; charset=utf-8'), page.locale, etag, since);
    const encoding = encodingFor(request.headers['accept-encoding'], rendered);
    if (!encoding) return reply.send(bytes.html);
    const body = await (shared ? encode(shared, encoding) : compress(bytes, encoding, false));
    return reply.header('content-encoding', encoding).send(body);
  }

  async function render(
    request: FastifyRequest,
    reply: FastifyReply,
    url: URL,
    name: RemoteName | null,
    { registry, key }: { registry: RemoteRegistry; key: string },
  ) {
    const started = performance.now();
    let remote: RemoteServerModule | null = null;
    let styles: RemoteStyle[] = [];
    let scripts: string[] = [];
    let code = '';
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
          code = loaded.version;
        } catch (error) {
          request.log.warn(
            { err: error, remote: name },
            'remote server code unavailable; the area renders in the browser',
          );
        }
      }
    }

    const page = await shell.preparePage({ url, remoteName: name, remote, registry });
    const [before, after, live] = documentParts(page, origin, styles, scripts, registry);
    // Only a page that is there has a validator: a 404 or a 410 is rendered each time.
    const etag = page.status === 200 ? pageTag(page, url, code, [before, after], live) : undefined;
    if (etag && notModified(request.headers['if-none-match'], etag)) {
      page.dispose?.();
      options.onPage?.({ remote: name, result: 'not_modified' });
      return sendNotModified(reply, page.locale, etag, null);
    }
    // The page's date is read (a new tag recorded) while it renders; a request that names a date
    // (a crawler's If-Modified-Since) waits for it first, and a page with that date is a 304.
    const dated = etag ? dateOf(request, pageKey(key, url), etag) : Promise.resolve(null);
    if (etag && request.headers['if-modified-since'] !== undefined) {
      const since = await dated;
      if (since !== null && unmodifiedSince(request.headers, since)) {
        page.dispose?.();
        options.onPage?.({ remote: name, result: 'not_modified' });
        return sendNotModified(reply, page.locale, etag, since);
      }
    }
    // React's string renderer costs about a third less than its stream, which encodes every piece
    // to bytes on the way (issue 31), and the data is read by now: nothing is left to wait for.
    // A page where a part could not be written (an error, a component still loading) is rendered
    // again through the stream, which waits for everything and says what failed.
    let bytes: PageBytes | null = null;
    let result: PageResult = name && !remote ? 'area_in_browser' : 'rendered';
    // A page with a part whose render threw is sent without a validator: the part may render next
    // time, and a copy without it must not stay current.
    let validator = etag;
    try {
      if (page.renderToString && (remote || !name)) {
        const text = page.renderToString();
        if (!UNFINISHED_BOUNDARY.test(text)) bytes = pageBytes([...before, text, ...after]);
        else result = 'rerendered';
      }
      if (!bytes) {
        const { body, failed } = await renderBody(request, page);
        // Rare (a part that failed or was still loading): compressed whole.
        bytes = { html: Buffer.concat([bytesOf(before), body, bytesOf(after)]), shared: [] };
        if (failed) validator = undefined;
      }
    } finally {
      // Written or failed, the page's data is let go now, not when a query's timer says so.
      page.dispose?.();
    }
    options.onPage?.({ remote: name, result, seconds: (performance.now() - started) / 1000 });
    const since = validator ? await dated : null;
    // Pages are rendered for a guest whoever asks, so one copy serves everyone; a page whose remote
    // could not render on the server is not kept (the next request tries the remote again), nor
    // a 404 (any path is one: a flood of made-up paths would push the real pages out).
    const cacheKey = pages && (remote || !name) && page.status !== 404 ? pageKey(key, url) : null;
    if (cacheKey && pages) {
      const shared: CachedPage = {
        status: page.status,
        bytes,
        locale: page.locale,
        etag: validator,
        since,
        encoded: {},
      };
      pages.set(cacheKey, shared);
      return sendPage(request, reply, page, bytes, shared, true, validator, since);
    }
    return sendPage(request, reply, page, bytes, null, true, validator, since);
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
        if (
          cached.etag &&
          (notModified(request.headers['if-none-match'], cached.etag) ||
            (cached.since !== null && unmodifiedSince(request.headers, cached.since)))
        ) {
          options.onPage?.({ remote: name, result: 'not_modified' });
          await sendNotModified(reply, cached.locale, cached.etag, cached.since);
          return true;
        }
        options.onPage?.({ remote: name, result: 'cache' });
        await sendPage(request, reply, cached, cached.bytes, cached, false, cached.etag, cached.since);
        return true;
      }
      try {
        await render(request, reply, url, name, chosen);
      } catch (error) {
        // The page never fails whole: the browser renders it, as it would without a server build.
        request.log.error({ err: error }, 'server rendering failed; the page renders in the browser');
        options.onPage?.({ remote: name, result: 'failed' });
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

import { createHash, timingSafeEqual } from 'node:crypto';
import vm from 'node:vm';
import { LRUCache } from 'lru-cache';

/**
 * Fetches and runs remotes' server builds named by the registry, the server-side half of the
 * federation: the file is CommonJS whose shared libraries (react, the router, platform...) are
 * `require`d from the host, as the browser build takes them from the shell.
 */
export interface FetchedFile {
  status: number;
  body: string;
  etag: string | undefined;
}

/** Reads a URL: a same-origin path through the server itself, anything else over the network. */
export type FileFetcher = (url: string, headers: Record<string, string>) => Promise<FetchedFile>;

/** A stylesheet of a remote's browser build: its name there, its URL and its text. */
export interface RemoteStyle {
  /** The name the browser build's CSS loader knows it by (relative to the remote's public path). */
  file: string;
  url: string;
  text: string;
}

export interface LoadedRemote<M> {
  module: M;
  /** The stylesheets of the remote's browser build for its routes, inlined into rendered pages. */
  styles: RemoteStyle[];
  /** Scripts the browser will need to hydrate the area (its entry and the routes chunk). */
  scripts: string[];
  /** The server code's content hash: what the area's HTML is made by, in a page's validator. */
  version: string;
}

interface CacheEntry<M> {
  /** The server file's and the manifest's validators: a changed file is run again. */
  key: string;
  checkedAt: number;
  value: LoadedRemote<M>;
}

/** How long a loaded release is kept with no page asking for it (a promoted release's predecessor). */
export const KEEP_IDLE_MS = 10 * 60_000;
/** How many releases' server code are kept loaded at most (every remote, every channel). */
export const MAX_LOADED = 16;

export interface RemoteLoaderOptions<M> {
  fetchFile: FileFetcher;
  /** The host's shared modules, by the names a remote requires them under. */
  shared: Readonly<Record<string, unknown>>;
  /** How long a loaded remote is used before its files are asked for again (not modified: kept). */
  revalidateMs: number;
  /** Throws unless the module has what the renderer needs. */
  check: (module: unknown) => M;
  /** Runs no server file without a pinned hash (production); a pinned one is checked everywhere. */
  requireIntegrity?: boolean;
  /** A release no page asked for in this long is dropped (at the latest when another is loaded); KEEP_IDLE_MS by default. */
  keepIdleMs?: number;
  /** At most this many releases are kept, the least recently asked for dropped first; MAX_LOADED by default. */
  maxLoaded?: number;
}

/** `sha256-`, `sha384-` or `sha512-` and the base64 digest, as Subresource Integrity writes it. */
const INTEGRITY = /^(sha256|sha384|sha512)-([A-Za-z0-9+/]+={0,2})$/;

/** The file's SRI hash in the algorithm `pinned` names (the build writes sha384). */
export function integrityOf(body: string, algorithm: 'sha256' | 'sha384' | 'sha512' = 'sha384'): string {
  return `${algorithm}-${createHash(algorithm).update(body, 'utf8').digest('base64')}`;
}

/** Whether the file's bytes hash to the pinned value; a malformed pin matches nothing. */
export function matchesIntegrity(body: string, pinned: string): boolean {
  const match = INTEGRITY.exec(pinned.trim());
  if (!match) return false;
  const algorithm = match[1] as 'sha256' | 'sha384' | 'sha512';
  const expected = Buffer.from(integrityOf(body, algorithm));
  const given = Buffer.from(`${algorithm}-${match[2]}`);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

interface ManifestAsset {
  sync?: string[];
  async?: string[];
}

interface BrowserManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string }; publicPath?: string };
  exposes?: { path?: string; name?: string; assets?: { js?: ManifestAsset; css?: ManifestAsset } }[];
}

/** Runs a CommonJS file with `require` answering only the host's shared modules. */
export function runCommonJs(
  source: string,
  filename: string,
  shared: Readonly<Record<string, unknown>>,
): unknown {
  const wrapper = vm.runInThisContext(
    `(function (exports, require, module, __filename, __dirname) {${source}\n})`,
    { filename },
  ) as (
    exports: object,
    require: (id: string) => unknown,
    module: { exports: unknown },
    f: string,
    d: string,
  ) => void;
  const module: { exports: unknown } = { exports: {} };
  const require = (id: string) => {
    if (Object.hasOwn(shared, id)) return shared[id];
    throw new Error(`${filename} requires "${id}", which the host does not share`);
  };
  wrapper(module.exports as object, require, module, filename, '/');
  return module.exports;
}

function filesOf(asset: ManifestAsset | undefined): string[] {
  return [...(asset?.sync ?? []), ...(asset?.async ?? [])];
}

/** The routes expose's stylesheets and scripts, as URLs next to the manifest. */
function assetsOf(
  manifest: BrowserManifest,
  manifestUrl: string,
): { styles: { file: string; url: string }[]; scripts: string[] } {
  const base = new URL('.', new URL(manifestUrl, 'http://root.invalid/'));
  const publicPath = manifest.metaData?.publicPath;
  const root = publicPath && publicPath !== 'auto' ? new URL(publicPath, base) : base;
  const expose = manifest.exposes?.find((item) => item.path === './routes' || item.name === 'routes');
  const url = (file: string) => {
    const resolved = new URL(file, root);
    return resolved.origin === 'http://root.invalid' ? resolved.pathname : resolved.href;
  };
  const entry = manifest.metaData?.remoteEntry;
  const entryFile = entry?.name ? `${entry.path ? `${entry.path}/` : ''}${entry.name}` : undefined;
  return {
    styles: [...new Set(filesOf(expose?.assets?.css))].map((file) => ({ file, url: url(file) })),
    scripts: [...(entryFile ? [entryFile] : []), ...(expose?.assets?.js?.sync ?? [])].map(url),
  };
}

const cacheKey = (serverUrl: string, manifestUrl: string, integrity: string | undefined) =>
  `${serverUrl}\n${manifestUrl}\n${integrity ?? ''}`;

export function createRemoteLoader<M>(options: RemoteLoaderOptions<M>) {
  /**
   * The loaded releases. Each deploy loads a new copy of a remote's server code; without a bound
   * every release since the start would stay in memory. A release no page asked for in
   * `keepIdleMs` is let go (purged as another is loaded, the only time the set grows), and past
   * `maxLoaded` the least recently asked for. One asked for again is loaded again.
   */
  const cache = new LRUCache<string, CacheEntry<M>>({
    max: options.maxLoaded ?? MAX_LOADED,
    ttl: options.keepIdleMs ?? KEEP_IDLE_MS,
    updateAgeOnGet: true,
    // The clock the revalidation reads (lru-cache's own is performance.now), read on every call.
    perf: { now: () => Date.now() },
    ttlResolution: 0,
  });
  const loading = new Map<string, Promise<LoadedRemote<M>>>();

  async function fetchOk(url: string, etag?: string): Promise<FetchedFile> {
    const file = await options.fetchFile(url, etag ? { 'if-none-match': etag } : {});
    if (file.status !== 200 && file.status !== 304) throw new Error(`${url} answered ${file.status}`);
    return file;
  }

  async function load(
    serverUrl: string,
    manifestUrl: string,
    integrity: string | undefined,
    previous?: CacheEntry<M>,
  ): Promise<LoadedRemote<M>> {
    if (!integrity && options.requireIntegrity) {
      throw new Error(`${serverUrl} has no integrity hash in the registry: it is not run`);
    }
    const [previousServerTag, previousManifestTag] = previous?.key.split('\n') ?? [];
    const [server, manifest] = await Promise.all([
      fetchOk(serverUrl, previousServerTag || undefined),
      fetchOk(manifestUrl, previousManifestTag || undefined),
    ]);
    if (previous && server.status === 304 && manifest.status === 304) {
      previous.checkedAt = Date.now();
      // Dropped meanwhile, it is still the file: kept again.
      cache.set(cacheKey(serverUrl, manifestUrl, integrity), previous);
      return previous.value;
    }
    // A file is run only as the registry pinned it: a changed byte (a tampered CDN copy, a
    // half-finished deploy) leaves the area to the browser. A 304 is the file checked before.
    const unchanged = server.status === 304 && previous;
    if (!unchanged && integrity && !matchesIntegrity(server.body, integrity)) {
      throw new Error(`${serverUrl} does not match its integrity hash in the registry: it is not run`);
    }
    const module = unchanged
      ? previous.value.module
      : options.check(runCommonJs(server.body, serverUrl, options.shared));
    const version = unchanged ? previous.value.version : integrityOf(server.body);
    let assets: { styles: RemoteStyle[]; scripts: string[] };
    if (manifest.status === 304 && previous) {
      assets = { styles: previous.value.styles, scripts: previous.value.scripts };
    } else {
      const found = assetsOf(JSON.parse(manifest.body) as BrowserManifest, manifestUrl);
      // Hashed names: a new manifest names new files, so the texts are read with it.
      const styles = await Promise.all(
        found.styles.map(async (style) => ({ ...style, text: (await fetchOk(style.url)).body })),
      );
      assets = { styles, scripts: found.scripts };
    }
    const value: LoadedRemote<M> = { module, ...assets, version };
    cache.set(cacheKey(serverUrl, manifestUrl, integrity), {
      key: `${server.etag ?? ''}\n${manifest.etag ?? ''}`,
      checkedAt: Date.now(),
      value,
    });
    cache.purgeStale();
    return value;
  }

  return {
    /** How many releases' server code are loaded now. */
    size: () => cache.size,
    /**
     * The remote's server module and browser assets. Within `revalidateMs` of the last check it
     * answers from memory; after that it asks with the validators it has (a 304 keeps the module).
     * Concurrent requests share one load. A failure is thrown; the caller renders without it.
     * `integrity` is the registry's pin of the server file (a changed pin loads it afresh).
     */
    async get(serverUrl: string, manifestUrl: string, integrity?: string): Promise<LoadedRemote<M>> {
      const key = cacheKey(serverUrl, manifestUrl, integrity);
      const cached = cache.get(key);
      if (cached && Date.now() - cached.checkedAt < options.revalidateMs) return cached.value;
      let pending = loading.get(key);
      if (!pending) {
        pending = load(serverUrl, manifestUrl, integrity, cached).finally(() => loading.delete(key));
        loading.set(key, pending);
      }
      return pending;
    },
  };
}

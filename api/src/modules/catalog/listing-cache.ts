import fp from 'fastify-plugin';
import { type Locale, MODEL_LIST_QUERY_KEYS, type ModelListQuery } from 'contracts';
import { LRUCache } from 'lru-cache';
import { compressBody, type Encoding } from '../../lib/compression';
import { listeners } from '../../lib/listeners';
import { clearEverywhere } from '../../plugins/shared';
import { createPageAnchors, type PageAnchors } from './page-anchors';

/** Distinct filter combinations kept; visitors mostly open a few category and city pages. */
const MAX_ENTRIES = 1_000;

/**
 * A listing page as it is sent: its JSON as bytes, serialised once, and (for a page other requests
 * share) each compressed copy made once, by the first request that accepts that encoding.
 */
export interface ListingPage {
  readonly body: Buffer;
  /** The body compressed; null for a page read for one request (the compress plugin does it then). */
  readonly encoded: ((encoding: Encoding) => Promise<Buffer>) | null;
}

export interface ListingCache {
  /** The page for this query and locale, computed at most once per `ttlMs`. */
  get(query: ModelListQuery, locale: Locale, compute: () => Promise<unknown>): Promise<ListingPage>;
  /** Forget every page, for a change this instance made (a profile published, bumped or blocked). */
  clear(): void;
  /** Told of every `get`: whether it was served without computing (a page kept, or a read under way). */
  onRead(listener: (hit: boolean) => void): void;
}

/** A page's JSON as bytes: `compute` gives the page, or its JSON already written. */
function bodyOf(page: unknown): Buffer {
  return Buffer.from(typeof page === 'string' ? page : JSON.stringify(page));
}

/** A page no other request shares: sent plain or compressed by the plugin, as any answer. */
const onePage = (page: unknown): ListingPage => ({ body: bodyOf(page), encoded: null });

/** A page shared until it expires: each encoding is compressed once, for all who accept it. */
function sharedPage(page: unknown): ListingPage {
  const body = bodyOf(page);
  const copies: Partial<Record<Encoding, Promise<Buffer>>> = {};
  return {
    body,
    encoded: (encoding) => {
      let copy = copies[encoding];
      if (!copy) {
        copy = compressBody(body, encoding);
        copies[encoding] = copy;
        // A failed compression is not kept: the next request tries again.
        copy.catch(() => {
          if (copies[encoding] === copy) delete copies[encoding];
        });
      }
      return copy;
    },
  };
}

/**
 * One key per distinct query, whatever order its fields came in: the validated query's values in
 * the schema's order (every value is a number, a validated string or a list of them).
 */
function keyOf(query: ModelListQuery, locale: Locale): string {
  let key = keyOfQuery.get(query);
  if (key === undefined) {
    key = JSON.stringify(MODEL_LIST_QUERY_KEYS.map((name) => query[name] ?? null));
    // The route hands the same (frozen) query to every request with the same parameters.
    if (Object.isFrozen(query)) keyOfQuery.set(query, key);
  }
  return `${locale}${key}`;
}
const keyOfQuery = new WeakMap<ModelListQuery, string>();

/**
 * A short-lived cache of listing pages. The listing is public and the same for every visitor, so
 * under load most requests can share one database read: pages live `ttlMs`, and requests arriving
 * while a page is being read wait for that read instead of starting their own (lru-cache's
 * `fetch` coalesces them). A page is therefore at most `ttlMs` old; `ttlMs` 0 turns it off.
 * Pages are kept as sent (ListingPage), so a page served again is neither serialised nor
 * compressed again.
 */
export function createListingCache(ttlMs: number): ListingCache {
  const reads = listeners<boolean>();
  if (ttlMs <= 0) {
    return {
      get: async (_query, _locale, compute) => {
        const page = onePage(await compute());
        reads.tell(false);
        return page;
      },
      clear: () => undefined,
      onRead: reads.on,
    };
  }
  const cache = new LRUCache<string, ListingPage, () => Promise<unknown>>({
    max: MAX_ENTRIES,
    ttl: ttlMs,
    // A read still under way when its entry is evicted (more distinct pages at once than
    // MAX_ENTRIES) or cleared (a write) is abandoned: its callers get undefined, not an error.
    allowStaleOnFetchAbort: true,
    fetchMethod: async (_key, _stale, { context }) => sharedPage(await context()),
  });
  return {
    async get(query, locale, compute) {
      const key = keyOf(query, locale);
      // A page kept and fresh: nothing to read or wait for.
      const kept = cache.get(key);
      if (kept) {
        reads.tell(true);
        return kept;
      }
      let computed = false;
      const counted = () => {
        computed = true;
        return compute();
      };
      // Abandoned: read the page again for this request, after the write that cleared it.
      const page = (await cache.fetch(key, { context: counted })) ?? onePage(await counted());
      reads.tell(!computed);
      return page;
    },
    clear: () => cache.clear(),
    onRead: reads.on,
  };
}

/** The app's listing cache: `clear()` clears it on every instance, with what else shows the listing. */
export interface SharedListingCache extends ListingCache {
  /** Also calls `clearHere` on every clear, on every instance (the server-rendered pages' cache). */
  onClear(clearHere: () => void): void;
}

/** Messages of listing reads sent to PostgreSQL: the repository tells, the metrics listen. */
export interface ListingBatches {
  batched(statements: number): void;
  onBatch(listener: (statements: number) => void): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The listing's page cache. Every change a visitor would see in the listing (approve, block,
     * expire, delete, bump, top) calls `clear()` after it commits, so the next request reads it;
     * with several API instances every instance clears its own (through `fastify.shared`'s bus).
     */
    listingCache: SharedListingCache;
    /** Where the listing's pages start, for reading the next page by its key; cleared with the listing cache. */
    listingAnchors: PageAnchors;
    /** How many listing reads each message to PostgreSQL carries (statementBatches), for the metrics. */
    listingBatches: ListingBatches;
  }
}

/**
 * Registered before the routes: the listing reads through it and other modules clear it. The
 * pages' anchors (`anchorMs`, 0 = off) are cleared with it, on every instance.
 */
export const listingCachePlugin = fp<{ ttlMs: number; anchorMs: number }>(
  async (fastify, options) => {
    const cache = createListingCache(options.ttlMs);
    const anchors = createPageAnchors(options.anchorMs);
    const alsoClear = listeners();
    const clear = clearEverywhere(fastify, 'listing-cache', () => {
      cache.clear();
      anchors.clear();
      alsoClear.tell();
    });
    fastify.decorate('listingCache', { get: cache.get, clear, onRead: cache.onRead, onClear: alsoClear.on });
    fastify.decorate('listingAnchors', anchors);
    const batches = listeners<number>();
    fastify.decorate('listingBatches', { batched: batches.tell, onBatch: batches.on });
  },
  { name: 'listing-cache', dependencies: ['shared'] },
);

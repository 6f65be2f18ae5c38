import fp from 'fastify-plugin';
import type { Locale, ModelListQuery } from 'contracts';
import { LRUCache } from 'lru-cache';
import { clearEverywhere } from '../../plugins/shared';

/** Distinct filter combinations kept; visitors mostly open a few category and city pages. */
const MAX_ENTRIES = 1_000;

export interface ListingCache {
  /** The serialised page for this query and locale, computed at most once per `ttlMs`. */
  get(query: ModelListQuery, locale: Locale, compute: () => Promise<unknown>): Promise<string>;
  /** Forget every page, for a change this instance made (a profile published, bumped or blocked). */
  clear(): void;
}

/** One key per distinct query, whatever order its fields came in. */
function keyOf(query: ModelListQuery, locale: Locale): string {
  const fields = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return `${locale}|${JSON.stringify(fields)}`;
}

/**
 * A short-lived cache of listing pages. The listing is public and the same for every visitor, so
 * under load most requests can share one database read: pages live `ttlMs`, and requests arriving
 * while a page is being read wait for that read instead of starting their own (lru-cache's
 * `fetch` coalesces them). A page is therefore at most `ttlMs` old; `ttlMs` 0 turns it off.
 */
export function createListingCache(ttlMs: number): ListingCache {
  if (ttlMs <= 0) {
    return {
      get: async (_query, _locale, compute) => JSON.stringify(await compute()),
      clear: () => undefined,
    };
  }
  const cache = new LRUCache<string, string, () => Promise<unknown>>({
    max: MAX_ENTRIES,
    ttl: ttlMs,
    // A read still under way when its entry is evicted (more distinct pages at once than
    // MAX_ENTRIES) or cleared (a write) is abandoned: its callers get undefined, not an error.
    allowStaleOnFetchAbort: true,
    fetchMethod: async (_key, _stale, { context }) => JSON.stringify(await context()),
  });
  return {
    async get(query, locale, compute) {
      const page = await cache.fetch(keyOf(query, locale), { context: compute });
      // Abandoned: read the page again for this request, after the write that cleared it.
      return page ?? JSON.stringify(await compute());
    },
    clear: () => cache.clear(),
  };
}

/** The app's listing cache: `clear()` clears it on every instance, with what else shows the listing. */
export interface SharedListingCache extends ListingCache {
  /** Also calls `clearHere` on every clear, on every instance (the server-rendered pages' cache). */
  onClear(clearHere: () => void): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The listing's page cache. Every change a visitor would see in the listing (approve, block,
     * expire, delete, bump, top) calls `clear()` after it commits, so the next request reads it;
     * with several API instances every instance clears its own (through `fastify.shared`'s bus).
     */
    listingCache: SharedListingCache;
  }
}

/** Registered before the routes: the listing reads through it and other modules clear it. */
export const listingCachePlugin = fp<{ ttlMs: number }>(
  async (fastify, options) => {
    const cache = createListingCache(options.ttlMs);
    const alsoClear: Array<() => void> = [];
    const clear = clearEverywhere(fastify, 'listing-cache', () => {
      cache.clear();
      for (const clearHere of alsoClear) clearHere();
    });
    fastify.decorate('listingCache', {
      get: cache.get,
      clear,
      onClear: (clearHere: () => void) => {
        alsoClear.push(clearHere);
      },
    });
  },
  { name: 'listing-cache', dependencies: ['shared'] },
);

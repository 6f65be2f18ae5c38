import { LISTING_PAGE_SIZE } from 'contracts';
import { LRUCache } from 'lru-cache';
import { listeners } from '../../lib/listeners';

/**
 * A profile's place in the listing's order below the tops: its bump_key and published_at (as the
 * text PostgreSQL wrote them, so no precision is lost) and its id. No two listed profiles share one
 * (the id breaks ties), and none of the three is null for a listed profile.
 */
export interface PageKey {
  readonly bumpKey: string;
  readonly publishedAt: string;
  readonly id: string | number;
}

/** Where a page is read from: the rows after `key`, less the first `skip` of them. */
export interface PageStart {
  readonly key: PageKey;
  readonly skip: number;
}

/** Where each page of the listing starts, as far as this instance has read the page before it. */
export interface PageAnchors {
  /**
   * Where the page at `offset` of these filters starts: after the nearest page end remembered at or
   * before it (at most MAX_SKIP_PAGES pages before it), less the pages between.
   */
  find(filters: string, offset: number): PageStart | undefined;
  /** The anchors' generation now: take it before a read, and give it to `remember` after. */
  mark(): number;
  /**
   * The page at `offset` starts after `key` (the last card below the tops of the page before it),
   * unless the anchors were cleared since `mark` (the read may have seen the listing before the
   * change that cleared them).
   */
  remember(filters: string, offset: number, key: PageKey, mark: number): void;
  /** Forget every anchor: the listing's order changed (the listing cache's clear). */
  clear(): void;
  /** Told of every `find`: whether the page had an anchor (the metrics count reads by it). */
  onFind(listener: (found: boolean) => void): void;
}

/** Pages remembered at most; each is a few strings (a crawler's walk keeps one a page). */
const MAX_ANCHORS = 20_000;

/**
 * How many pages before a page its start may be looked for: reading from there skips at most this
 * many pages on the index (480 cards, about what page 20 costs by its number).
 */
export const MAX_SKIP_PAGES = 20;

/**
 * The anchors of the listing's pages, so a visitor or a crawler going from one page to the next
 * reads the next page from where the last one ended (a keyset read on the listing index) instead
 * of skipping the offset again: page 500 then costs what page 1 does. A page opened directly is
 * read from the nearest page end remembered before it, skipping only the pages between (at most
 * MAX_SKIP_PAGES), so under many readers most deep pages skip a few pages, not hundreds. Pages
 * are still addressed by number; an anchor is only a shortcut to the same place, kept `ttlMs` at
 * most and dropped on every change that clears the listing cache (publish, hide, block, expire,
 * bump, top). Within `ttlMs`, a change that does not clear it (a model coming online, in the online
 * filter's listing) moves a page by its number but not by its anchor, so a walk neither repeats
 * nor skips a profile. A page with no anchor near enough is read by its offset. `ttlMs` 0 turns it
 * off.
 */
export function createPageAnchors(
  ttlMs: number,
  { max = MAX_ANCHORS, now }: { max?: number; now?: () => number } = {},
): PageAnchors {
  const finds = listeners<boolean>();
  const told = (start: PageStart | undefined) => {
    finds.tell(start !== undefined);
    return start;
  };
  if (ttlMs <= 0) {
    return {
      find: () => told(undefined),
      mark: () => 0,
      remember: () => undefined,
      clear: () => undefined,
      onFind: finds.on,
    };
  }
  const anchors = new LRUCache<string, PageKey>({
    max,
    ttl: ttlMs,
    // A clock of the tests' own, read on every look-up; lru-cache reads performance.now() otherwise
    // (at most once a millisecond).
    ...(now ? { perf: { now }, ttlResolution: 0 } : {}),
  });
  let generation = 0;
  const keyOf = (filters: string, offset: number) => `${offset}:${filters}`;
  return {
    find(filters, offset) {
      // Page 1 (offset 0) has no page before it, so no start is kept for it.
      for (
        let skip = 0;
        skip <= MAX_SKIP_PAGES * LISTING_PAGE_SIZE && offset - skip > 0;
        skip += LISTING_PAGE_SIZE
      ) {
        const key = anchors.get(keyOf(filters, offset - skip));
        if (key) return told({ key, skip });
      }
      return told(undefined);
    },
    mark: () => generation,
    remember(filters, offset, key, mark) {
      if (mark === generation) anchors.set(keyOf(filters, offset), key);
    },
    clear() {
      generation += 1;
      anchors.clear();
    },
    onFind: finds.on,
  };
}

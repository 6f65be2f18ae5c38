import { stripLocale } from './locale-path';
import { MODEL_LIST_QUERY_KEYS } from './model';

/** The profile page's tabs; the open one is `?tab=`, so a link can open one and a reload keeps it. */
export const MODEL_PAGE_TABS = [
  'price',
  'category',
  'place',
  'data',
  'contacts',
  'services',
  'description',
  'recommendations',
] as const;
export type ModelPageTab = (typeof MODEL_PAGE_TABS)[number];

/**
 * The query parameters each server-rendered page reads, by its path without the language prefix:
 * the listing reads its API query (`/` also its category; under `/category/:category` the path
 * names it), a profile its open tab, every other page none. The server's page cache keys on these
 * alone, so a parameter no page reads (`?x=<random>`) can neither miss the cache nor fill it.
 */
const PAGE_QUERY_KEYS: readonly { path: RegExp; keys: readonly string[] }[] = [
  { path: /^\/$/, keys: MODEL_LIST_QUERY_KEYS },
  { path: /^\/category\/[^/]+$/, keys: MODEL_LIST_QUERY_KEYS.filter((key) => key !== 'category') },
  { path: /^\/girl\/[^/]+$/, keys: ['tab'] },
];

/** The parameters the page at this path (`/en/girl/12`, `/category/massage`) reads from its query. */
export function pageQueryKeys(pathname: string): readonly string[] {
  const path = stripLocale(pathname);
  return PAGE_QUERY_KEYS.find((page) => page.path.test(path))?.keys ?? [];
}

/**
 * The query string the page at this path reads (leading `?`, or empty): only its own parameters,
 * the first value of each (as the page reads them), in name order, so that `?b=1&a=2` and
 * `?a=2&b=1` are one page.
 */
export function pageQuery(pathname: string, search: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const key of [...pageQueryKeys(pathname)].sort()) {
    const value = search.get(key);
    if (value !== null) kept.set(key, value);
  }
  const query = kept.toString();
  return query ? `?${query}` : '';
}

/**
 * The `meta` of a query whose data a page keeps current itself while it is open (polled or
 * pushed, as the header's online count). The server's renderer leaves that data out of a page's
 * validator (its ETag and date), so a figure that moves every few seconds does not make every page
 * new to a crawler or a reload. A browser that keeps its copy shows the figure it held until the
 * query reads it again (at once when it is older than its stale time).
 */
export const LIVE_QUERY_META = { live: true } as const;

// The pages the ssr-render bench asks for, drawn with a fixed seed so every run asks for the same
// URLs in the same order: filtered listing pages (category x city x price range x page 1-20, only
// combinations with results, as the API counts them) and profile pages (a sample of the visible
// profiles, read from the sitemap as a crawler reads it).
import { PRICES, seededRandom } from '../api-listing/mix.mjs';

const CATEGORIES = ['individual', 'massage', 'elite', 'bdsm'];
/** Listing pages a visitor reaches by paging; deeper ones are rare. */
export const MAX_LISTING_PAGE = 20;

/**
 * Runs `task` over `items` with `concurrency` requests at a time.
 * @template T
 * @param {T[]} items
 * @param {(item: T) => Promise<void>} task
 */
async function eachConcurrently(items, task, concurrency = 8) {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await task(item);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** @param {string} url */
async function fetchOk(url, init = {}) {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url.replace(/^https?:\/\/[^/]+/, '')}: HTTP ${response.status}`);
  return response;
}

/**
 * Every filter combination (category, city or none, price range or none) as the listing page's
 * path and query without the page: `/category/massage?city=moscow&priceMin=5000`.
 * @param {string[]} cities
 */
export function listingFilters(cities) {
  /** @type {{ path: string, query: URLSearchParams }[]} */
  const filters = [];
  for (const category of CATEGORIES) {
    for (const city of [undefined, ...cities]) {
      for (const price of PRICES) {
        const query = new URLSearchParams();
        if (city) query.set('city', city);
        for (const [key, value] of Object.entries(price ?? {})) query.set(key, String(value));
        filters.push({ path: `/category/${category}`, query });
      }
    }
  }
  return filters;
}

/**
 * `count` distinct listing pages: a filter combination drawn uniformly among those with results,
 * then a page between 1 and min(20, its page count); page 1 is written without `page`, as the
 * site's links write it. Fewer when there are not that many distinct pages.
 * @param {string} base the server's origin
 * @param {number} count
 */
export async function listingPaths(base, count, seed = 31) {
  const cities = /** @type {{ items: { slug: string }[] }} */ (
    await (await fetchOk(`${base}/api/cities`)).json()
  ).items.map((city) => city.slug);
  const filters = listingFilters(cities);
  /** @type {Map<string, number>} */
  const pageCounts = new Map();
  await eachConcurrently(filters, async ({ path, query }) => {
    const api = new URLSearchParams(query);
    api.set('category', path.slice('/category/'.length));
    const { pageCount } = await (await fetchOk(`${base}/api/model?${api}`)).json();
    pageCounts.set(`${path}?${query}`, pageCount);
  });
  // In a fixed order: the counts arrive in whatever order the API answered them.
  const nonEmpty = [...pageCounts].filter(([, pages]) => pages > 0).sort(([a], [b]) => a.localeCompare(b));
  if (nonEmpty.length === 0) throw new Error('no listing filter has results');
  const available = nonEmpty.reduce((sum, [, pages]) => sum + Math.min(MAX_LISTING_PAGE, pages), 0);
  const random = seededRandom(seed);
  /** @type {Set<string>} */
  const paths = new Set();
  while (paths.size < Math.min(count, available)) {
    const [filter, pages] = /** @type {[string, number]} */ (
      nonEmpty[Math.floor(random() * nonEmpty.length)]
    );
    const page = 1 + Math.floor(random() * Math.min(MAX_LISTING_PAGE, pages));
    const [path, query = ''] = filter.split('?');
    const search = new URLSearchParams(query);
    if (page > 1) search.set('page', String(page));
    paths.add(search.size > 0 ? `${path}?${search}` : `${path}`);
  }
  return {
    paths: [...paths],
    filters: filters.length,
    filtersWithResults: nonEmpty.length,
    cities: cities.length,
  };
}

/**
 * Every visible profile's id, as the sitemap lists them (its Russian URLs, `/girl/<id>`).
 * @param {string} base
 */
export async function sitemapProfileIds(base) {
  const index = await (await fetchOk(`${base}/sitemap.xml`)).text();
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '').pathname);
  /** @type {number[]} */
  const ids = [];
  for (const file of files) {
    const sitemap = await (await fetchOk(`${base}${file}`)).text();
    for (const [, loc = ''] of sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)) {
      const id = /^\/girl\/(\d+)$/.exec(new URL(loc).pathname)?.[1];
      if (id) ids.push(Number(id));
    }
  }
  return ids;
}

/**
 * `count` profile pages drawn without repetition, in a random order, from the visible profiles.
 * @param {string} base
 * @param {number} count
 */
export async function profilePaths(base, count, seed = 31) {
  const ids = [...new Set(await sitemapProfileIds(base))].sort((a, b) => a - b);
  if (ids.length === 0) throw new Error('the sitemap lists no profile');
  const random = seededRandom(seed);
  // A partial Fisher-Yates shuffle: the first `count` places are the sample.
  const sample = Math.min(count, ids.length);
  for (let i = 0; i < sample; i += 1) {
    const j = i + Math.floor(random() * (ids.length - i));
    [ids[i], ids[j]] = [/** @type {number} */ (ids[j]), /** @type {number} */ (ids[i])];
  }
  return { paths: ids.slice(0, sample).map((id) => `/girl/${id}`), visible: ids.length };
}

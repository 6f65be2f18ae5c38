// The random filter mix of the api-listing bench: filter combinations (category x city x online x
// price range) and, for each request, a page between 1 and the last page of that filter (at most
// 500), drawn from a seeded generator so every run asks for the same URLs in the same order.

/** mulberry32: a small seeded generator, numbers in [0, 1). */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

// The front end always names a category (its default one on `/`).
const CATEGORIES = ['individual', 'massage', 'elite', 'bdsm'];
// The seeded cities (api/src/db/seed-catalog.ts); undefined is "every city".
const CITIES = [
  undefined,
  'moscow',
  'saint-petersburg',
  'novosibirsk',
  'yekaterinburg',
  'kazan',
  'nizhny-novgorod',
  'krasnodar',
  'sochi',
  'samara',
  'rostov-on-don',
  'ufa',
  'chelyabinsk',
  'krasnoyarsk',
  'voronezh',
  'perm',
  'kaliningrad',
];
const ONLINE = [undefined, 'true'];
// Price ranges a visitor types (whole rubles per hour), open at either end or both.
export const PRICES = [
  undefined,
  { priceMax: 5000 },
  { priceMin: 5000, priceMax: 10000 },
  { priceMin: 8000, priceMax: 15000 },
  { priceMin: 10000, priceMax: 30000 },
  { priceMin: 20000 },
];

/** Every filter combination of the mix, as query strings without the page. */
export function filterCombinations() {
  /** @type {string[]} */
  const combinations = [];
  for (const category of CATEGORIES) {
    for (const city of CITIES) {
      for (const online of ONLINE) {
        for (const price of PRICES) {
          const params = new URLSearchParams();
          params.set('category', category);
          if (city) params.set('city', city);
          if (online) params.set('online', online);
          for (const [key, value] of Object.entries(price ?? {})) params.set(key, String(value));
          combinations.push(params.toString());
        }
      }
    }
  }
  return combinations;
}

/** The deepest page the mix and the crawl ask for. */
const DEEPEST_PAGE = 500;

/**
 * The combinations with at least one result and their page counts, in a fixed order (the counts
 * arrive in whatever order the API answered them).
 */
function withResults(pageCounts) {
  return [...pageCounts].filter(([, pages]) => pages > 0).sort(([a], [b]) => a.localeCompare(b));
}

/**
 * `count` request paths: a filter combination drawn uniformly among those with at least one
 * result, then a page drawn uniformly between 1 and min(500, its page count). `pageCounts` maps
 * each combination's query string to its page count.
 */
export function requestPaths(pageCounts, count, seed = 17) {
  const random = seededRandom(seed);
  const nonEmpty = withResults(pageCounts);
  if (nonEmpty.length === 0) throw new Error('no filter combination has results');
  /** @type {string[]} */
  const paths = [];
  for (let i = 0; i < count; i += 1) {
    const [query, pages] = nonEmpty[Math.floor(random() * nonEmpty.length)] ?? nonEmpty[0];
    const page = 1 + Math.floor(random() * Math.min(DEEPEST_PAGE, pages));
    paths.push(`/api/model?${query ? `${query}&` : ''}page=${page}`);
  }
  return paths;
}

/**
 * The walks of a crawl: each filter combination with results, its pages 1 to min(500, its page
 * count) in order, as a crawler following "next" links reads them (in a fixed order of the
 * combinations).
 */
export function crawlWalks(pageCounts) {
  return withResults(pageCounts).map(([query, pages]) =>
    Array.from(
      { length: Math.min(DEEPEST_PAGE, pages) },
      (_, index) => `/api/model?${query}&page=${index + 1}`,
    ),
  );
}

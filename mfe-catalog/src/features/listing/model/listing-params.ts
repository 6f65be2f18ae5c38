import {
  CATEGORIES,
  type Category,
  DEFAULT_CATEGORY,
  type ModelListQuery,
  type ModelListQueryInput,
  modelListQuerySchema,
  validate,
} from 'contracts';

/** The filters of the listing; the URL and the API query use the same keys and formats. */
export type ListingFilters = Omit<ModelListQuery, 'category' | 'page' | 'online' | 'video'> & {
  online: boolean;
  video: boolean;
};

export interface ListingParams extends ListingFilters {
  category: Category;
  page: number;
}

/** In the order they appear in a URL. */
export const FILTER_KEYS = [
  'city',
  'metro',
  'ageMin',
  'ageMax',
  'priceMin',
  'priceMax',
  'heightMin',
  'heightMax',
  'weightMin',
  'weightMax',
  'boobsMin',
  'boobsMax',
  'appearance',
  'place',
  'services',
  'video',
  'online',
] as const satisfies readonly (keyof ModelListQueryInput)[];
type FilterKey = (typeof FILTER_KEYS)[number];

function isCategory(value: string | null | undefined): value is Category {
  return !!value && (CATEGORIES as readonly string[]).includes(value);
}

/**
 * Filters from the query string, validated by the API's own schema. A value the API would
 * refuse (a typo in a shared link, a range upside down) is dropped rather than failing the page.
 */
export function parseFilters(search: URLSearchParams): ListingFilters {
  const raw: Partial<Record<FilterKey, string>> = {};
  for (const key of FILTER_KEYS) {
    const value = search.get(key);
    if (value !== null && value !== '') raw[key] = value;
  }
  let result = validate(modelListQuerySchema, raw);
  if (!result.ok) {
    for (const key of Object.keys(result.fields)) delete raw[key as FilterKey];
    result = validate(modelListQuerySchema, raw);
  }
  const { category: _category, page: _page, online, video, ...rest } = result.ok ? result.value : {};
  return { ...rest, online: online === 'true', video: video === 'true' };
}

/**
 * Reads the listing state from the URL: `/category/:category` or `/?category=`, `?page=` and the
 * filters. Returns null for an unknown category so the page can say "not found" instead of
 * silently showing another list.
 */
export function parseListingParams(
  pathCategory: string | undefined,
  search: URLSearchParams,
): ListingParams | null {
  const rawCategory = pathCategory ?? search.get('category');
  if (rawCategory !== null && rawCategory !== undefined && !isCategory(rawCategory)) return null;
  const rawPage = search.get('page') ?? '1';
  const page = /^[1-9]\d{0,8}$/.test(rawPage) ? Number(rawPage) : 1;
  return { category: rawCategory ?? DEFAULT_CATEGORY, page, ...parseFilters(search) };
}

/** The set filters as query-string pairs, defaults left out. */
export function filterEntries(filters: ListingFilters): [FilterKey, string][] {
  const entries: [FilterKey, string][] = [];
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value === undefined || value === false) continue;
    if (Array.isArray(value)) {
      if (value.length > 0) entries.push([key, value.join(',')]);
    } else {
      entries.push([key, value === true ? 'true' : String(value)]);
    }
  }
  return entries;
}

/** How many filters are set, for the badge on the filters button. */
export function countFilters(filters: ListingFilters): number {
  return filterEntries(filters).length;
}

/** The API query for the params, omitting defaults so equal lists share one cache entry. */
export function toModelListQuery(params: ListingParams): ModelListQueryInput {
  return {
    category: params.category,
    page: String(params.page),
    ...Object.fromEntries(filterEntries(params)),
  };
}

/** The URL of a page of the list in a category with these filters. */
export function listingHref(category: Category, filters: ListingFilters, page = 1): string {
  const search = new URLSearchParams({ page: String(page) });
  for (const [key, value] of filterEntries(filters)) search.set(key, value);
  return `/category/${category}?${search.toString()}`;
}

/** The URL of another page of the same list, keeping every filter. */
export function pageHref(params: ListingParams, page: number): string {
  return listingHref(params.category, params, page);
}

export const NO_FILTERS: ListingFilters = { online: false, video: false };

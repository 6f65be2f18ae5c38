import { CATEGORIES, type Category, DEFAULT_CATEGORY, type ModelListQueryInput } from 'contracts';

export interface ListingParams {
  category: Category;
  page: number;
  online: boolean;
  city: string | undefined;
}

function isCategory(value: string | null | undefined): value is Category {
  return !!value && (CATEGORIES as readonly string[]).includes(value);
}

/**
 * Reads the listing state from the URL: `/category/:category` or `/?category=`, `?page=`,
 * `?online=true`. Returns null for an unknown category so the page can say "not found"
 * instead of silently showing another list.
 */
export function parseListingParams(
  pathCategory: string | undefined,
  search: URLSearchParams,
): ListingParams | null {
  const rawCategory = pathCategory ?? search.get('category');
  if (rawCategory !== null && rawCategory !== undefined && !isCategory(rawCategory)) return null;
  const rawPage = search.get('page') ?? '1';
  const page = /^[1-9]\d{0,8}$/.test(rawPage) ? Number(rawPage) : 1;
  const city = search.get('city') ?? undefined;
  return {
    category: rawCategory ?? DEFAULT_CATEGORY,
    page,
    online: search.get('online') === 'true',
    city: city && /^[a-z0-9-]{2,40}$/.test(city) ? city : undefined,
  };
}

/** The API query for the params, omitting defaults so equal lists share one cache entry. */
export function toModelListQuery(params: ListingParams): ModelListQueryInput {
  return {
    category: params.category,
    page: String(params.page),
    ...(params.online ? { online: 'true' } : {}),
    ...(params.city ? { city: params.city } : {}),
  };
}

/** The URL of another page of the same list, keeping every other filter. */
export function pageHref(params: ListingParams, page: number): string {
  const search = new URLSearchParams({ page: String(page) });
  if (params.online) search.set('online', 'true');
  if (params.city) search.set('city', params.city);
  return `/category/${params.category}?${search.toString()}`;
}

import { describe, expect, it } from 'vitest';
import { pageHref, parseListingParams, toModelListQuery } from './listing-params';

const search = (query: string) => new URLSearchParams(query);

describe('parseListingParams', () => {
  it('defaults to the individual category on page 1', () => {
    expect(parseListingParams(undefined, search(''))).toEqual({
      category: 'individual',
      page: 1,
      online: false,
      city: undefined,
    });
  });

  it('takes the category from the path before the query', () => {
    expect(parseListingParams('massage', search('category=elite&page=3'))?.category).toBe('massage');
    expect(parseListingParams(undefined, search('category=elite'))?.category).toBe('elite');
  });

  it('returns null for an unknown category', () => {
    expect(parseListingParams('cars', search(''))).toBeNull();
    expect(parseListingParams(undefined, search('category=cars'))).toBeNull();
  });

  it('falls back to page 1 for pages that are not positive integers', () => {
    for (const page of ['0', '-2', 'abc', '1.5', '01']) {
      expect(parseListingParams('bdsm', search(`page=${page}`))?.page).toBe(1);
    }
    expect(parseListingParams('bdsm', search('page=12'))?.page).toBe(12);
  });

  it('reads online only when it is exactly true', () => {
    expect(parseListingParams(undefined, search('online=true'))?.online).toBe(true);
    expect(parseListingParams(undefined, search('online=1'))?.online).toBe(false);
  });
});

describe('toModelListQuery and pageHref', () => {
  it('keeps filters when building the API query and other pages', () => {
    const params = { category: 'elite' as const, page: 2, online: true, city: 'moscow' };
    expect(toModelListQuery(params)).toEqual({
      category: 'elite',
      page: '2',
      online: 'true',
      city: 'moscow',
    });
    expect(pageHref(params, 3)).toBe('/category/elite?page=3&online=true&city=moscow');
  });
});

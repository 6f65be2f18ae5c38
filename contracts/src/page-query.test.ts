import { describe, expect, it } from 'vitest';
import { MODEL_LIST_QUERY_KEYS } from './model';
import { pageQuery, pageQueryKeys } from './page-query';

const query = (pathname: string, search: string) => pageQuery(pathname, new URLSearchParams(search));

describe('the query a page reads', () => {
  it('keeps the listing its whole API query, the path naming the category under /category', () => {
    expect(pageQueryKeys('/')).toEqual(MODEL_LIST_QUERY_KEYS);
    expect(pageQueryKeys('/en')).toEqual(MODEL_LIST_QUERY_KEYS);
    expect(pageQueryKeys('/category/massage')).toContain('city');
    expect(pageQueryKeys('/en/category/massage')).not.toContain('category');
    expect(pageQueryKeys('/girl/12')).toEqual(['tab']);
    expect(pageQueryKeys('/price')).toEqual([]);
    expect(pageQueryKeys('/no/such/page')).toEqual([]);
  });

  it('drops what the page does not read and orders the rest by name', () => {
    expect(query('/', 'x=1&page=2&city=moscow&utm_source=mail')).toBe('?city=moscow&page=2');
    expect(query('/', 'page=2&city=moscow')).toBe(query('/', 'city=moscow&page=2'));
    expect(query('/category/massage', 'category=elite&page=3')).toBe('?page=3');
    expect(query('/girl/12', 'tab=data&page=2')).toBe('?tab=data');
    expect(query('/price', 'tab=data')).toBe('');
  });

  it('keeps the first value of a parameter and an empty one, as the page reads them', () => {
    expect(query('/', 'page=2&page=3')).toBe('?page=2');
    // `/?category=` is the "not found" page, not the home page.
    expect(query('/', 'category=')).toBe('?category=');
  });
});

import { describe, expect, it } from 'vitest';
import { pageHref, parseListingParams, toModelListQuery } from './listing-params';

const search = (query: string) => new URLSearchParams(query);

describe('parseListingParams', () => {
  it('defaults to the individual category on page 1', () => {
    expect(parseListingParams(undefined, search(''))).toEqual({
      category: 'individual',
      page: 1,
      online: false,
      video: false,
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

describe('filters', () => {
  it('reads every filter from the URL with the API schema', () => {
    const params = parseListingParams(
      'massage',
      search(
        'city=moscow&metro=12&ageMin=20&ageMax=30&priceMin=3000&priceMax=8000&heightMin=160&heightMax=180' +
          '&weightMin=45&weightMax=70&boobsMin=0&boobsMax=4&appearance=ASIAN,SLAVIC&place=visit' +
          '&services=massage.classic,other.dinner&video=true&online=true',
      ),
    );
    expect(params).toEqual({
      category: 'massage',
      page: 1,
      city: 'moscow',
      metro: 12,
      ageMin: 20,
      ageMax: 30,
      priceMin: 3000,
      priceMax: 8000,
      heightMin: 160,
      heightMax: 180,
      weightMin: 45,
      weightMax: 70,
      boobsMin: 0,
      boobsMax: 4,
      appearance: ['ASIAN', 'SLAVIC'],
      place: 'visit',
      services: ['massage.classic', 'other.dinner'],
      video: true,
      online: true,
    });
  });

  it('drops values the API would refuse and keeps the rest', () => {
    const params = parseListingParams(
      undefined,
      search(
        'city=Moscow!&ageMin=12&ageMax=40&appearance=ELF&place=car&priceMin=9000&priceMax=100&heightMin=170',
      ),
    );
    expect(params).toEqual({
      category: 'individual',
      page: 1,
      ageMax: 40,
      // An upside-down range loses its upper bound, the one the API reports.
      priceMin: 9000,
      heightMin: 170,
      online: false,
      video: false,
    });
  });
});

describe('toModelListQuery and pageHref', () => {
  it('keeps filters when building the API query and other pages', () => {
    const params = parseListingParams(
      'elite',
      search('page=2&online=true&city=moscow&ageMin=25&appearance=ASIAN,LATINO&services=strip.dance'),
    );
    if (!params) throw new Error('expected params');
    expect(toModelListQuery(params)).toEqual({
      category: 'elite',
      page: '2',
      online: 'true',
      city: 'moscow',
      ageMin: '25',
      appearance: 'ASIAN,LATINO',
      services: 'strip.dance',
    });
    expect(pageHref(params, 3)).toBe(
      '/category/elite?page=3&city=moscow&ageMin=25&appearance=ASIAN%2CLATINO&services=strip.dance&online=true',
    );
  });
});

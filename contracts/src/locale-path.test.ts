import { describe, expect, it } from 'vitest';
import { basenameFor, localeOfPath, localizePath, stripLocale } from './locale-path';
import { isLocale } from './enums';

describe('locale paths', () => {
  it('reads the language from the prefix only', () => {
    expect(localeOfPath('/')).toBe('ru');
    expect(localeOfPath('/girl/12')).toBe('ru');
    expect(localeOfPath('/en')).toBe('en');
    expect(localeOfPath('/en/girl/12')).toBe('en');
    // A path that merely starts with the letters is not English.
    expect(localeOfPath('/english')).toBe('ru');
  });

  it('strips and adds the prefix', () => {
    expect(stripLocale('/en/girl/12')).toBe('/girl/12');
    expect(stripLocale('/en')).toBe('/');
    expect(stripLocale('/price')).toBe('/price');
    expect(localizePath('/girl/12', 'en')).toBe('/en/girl/12');
    expect(localizePath('/', 'en')).toBe('/en');
    expect(localizePath('/?category=vip', 'en')).toBe('/en?category=vip');
    expect(localizePath('/girl/12', 'ru')).toBe('/girl/12');
    expect(stripLocale(localizePath('/category/vip?page=2', 'en'))).toBe('/category/vip?page=2');
  });

  it('gives the router its basename', () => {
    expect(basenameFor('en')).toBe('/en');
    expect(basenameFor('ru')).toBeUndefined();
  });
});

describe('isLocale', () => {
  it("takes the site's languages only, exactly as written", () => {
    expect(isLocale('ru')).toBe(true);
    expect(isLocale('en')).toBe(true);
    for (const value of ['de', 'EN', 'en-US', '', null, undefined, 1, ['ru']])
      expect(isLocale(value)).toBe(false);
  });
});

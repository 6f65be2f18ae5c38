import { DEFAULT_LOCALE, type Locale } from './enums';

/**
 * Each language has its own addresses: Russian at the spec's paths, English under `/en`
 * (`/en`, `/en/girl/12`, `/en/category/individual?page=2`). The router runs with the prefix as
 * its basename, so links inside the app stay written without it.
 */
export const LOCALE_PREFIX: Readonly<Record<Locale, string>> = { ru: '', en: '/en' };

/** The language a path is in. */
export function localeOfPath(pathname: string): Locale {
  return pathname === '/en' || pathname.startsWith('/en/') ? 'en' : DEFAULT_LOCALE;
}

/** The path without its language prefix: `/en/girl/12` -> `/girl/12`, `/en` -> `/`. */
export function stripLocale(pathname: string): string {
  if (localeOfPath(pathname) === DEFAULT_LOCALE) return pathname;
  return pathname.slice(LOCALE_PREFIX.en.length) || '/';
}

/** The address of an app path (`/girl/12?x=1`) in a language. */
export function localizePath(path: string, locale: Locale): string {
  const prefix = LOCALE_PREFIX[locale];
  if (!prefix) return path;
  return path === '/' ? prefix : `${prefix}${path.startsWith('/?') ? path.slice(1) : path}`;
}

/** The router's basename for a language (undefined for the default one). */
export function basenameFor(locale: Locale): string | undefined {
  return LOCALE_PREFIX[locale] || undefined;
}

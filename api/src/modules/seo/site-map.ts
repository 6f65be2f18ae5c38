import { localizePath } from 'contracts';
import { CATEGORIES } from 'contracts';
import type { CityPage } from './repository';

/**
 * The public pages' URLs: Russian at the spec's paths, English under `/en`. A page here is one
 * place in both languages; the sitemap writes each language as its own `<url>`.
 */
export interface PublicPage {
  /** The Russian path, with its query: `/`, `/price`, `/category/massage?city=moscow`, `/girl/7`. */
  path: string;
  lastmod: Date | null;
}

/** The sitemap protocol's limit of `<url>` entries per file. */
export const SITEMAP_MAX_URLS = 50_000;

/** `<url>` entries a page gives: one per language. */
export const URLS_PER_PAGE = 2;

/** Areas behind sign-in (and their English twins, should the front end ever add them). */
const SIGNED_IN_AREAS = [
  '/profile',
  '/advister',
  '/admin',
  '/login',
  '/register',
  '/forgot-password',
  '/restore-password',
  '/confirm-email',
];

const PUBLIC_PREFIXES = ['/category/', '/girl/', '/price'];

/** The English twin of a Russian path. */
export function englishPath(path: string): string {
  return localizePath(path, 'en');
}

export function categoryPath(category: string): string {
  return `/category/${encodeURIComponent(category)}`;
}

export function cityPath(category: string, city: string): string {
  return `${categoryPath(category)}?city=${encodeURIComponent(city)}`;
}

export function profilePath(id: number): string {
  return `/girl/${id}`;
}

/**
 * robots.txt: the public pages allowed, the signed-in areas, the API, the sockets and the
 * remotes' server code not, and the sitemap named by its absolute URL.
 */
export function robotsTxt(base: string): string {
  const allow = ['/', '/en', ...PUBLIC_PREFIXES.flatMap((prefix) => [prefix, englishPath(prefix)])];
  const disallow = [
    '/api/',
    '/ws/',
    '/mfe/*/server/',
    ...SIGNED_IN_AREAS.flatMap((area) => [area, englishPath(area)]),
  ];
  return [
    'User-agent: *',
    ...allow.map((path) => `Allow: ${path}`),
    ...disallow.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
}

/**
 * The pages before the profiles, in the sitemap's order: home, price, each category, then each
 * category-and-city listing. A listing's lastmod is its newest profile's; the price list has none.
 */
export function leadingPages(cityPages: CityPage[]): PublicPage[] {
  const newest = (pages: CityPage[]): Date | null =>
    pages.reduce<Date | null>(
      (latest, page) => (latest && latest >= page.lastmod ? latest : page.lastmod),
      null,
    );
  return [
    { path: '/', lastmod: newest(cityPages) },
    { path: '/price', lastmod: null },
    ...CATEGORIES.map((category) => ({
      path: categoryPath(category),
      lastmod: newest(cityPages.filter((page) => page.category === category)),
    })),
    ...cityPages.map((page) => ({ path: cityPath(page.category, page.city), lastmod: page.lastmod })),
  ];
}

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ENTITIES[char] ?? char);
}

/** W3C Datetime to the second, in UTC. */
function w3cDate(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

export const URLSET_OPEN =
  '<?xml version="1.0" encoding="UTF-8"?>\n' +
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n';
export const URLSET_CLOSE = '</urlset>\n';

/**
 * A page's two `<url>` entries, Russian then English, each listing both languages and the
 * Russian one as x-default (Google wants every version to name all of them, itself included).
 */
export function urlEntries(base: string, page: PublicPage): string {
  const ru = escapeXml(`${base}${page.path}`);
  const en = escapeXml(`${base}${englishPath(page.path)}`);
  const lastmod = page.lastmod ? `<lastmod>${w3cDate(page.lastmod)}</lastmod>` : '';
  const links =
    `<xhtml:link rel="alternate" hreflang="ru" href="${ru}"/>` +
    `<xhtml:link rel="alternate" hreflang="en" href="${en}"/>` +
    `<xhtml:link rel="alternate" hreflang="x-default" href="${ru}"/>`;
  return `<url><loc>${ru}</loc>${lastmod}${links}</url>\n<url><loc>${en}</loc>${lastmod}${links}</url>\n`;
}

/** The sitemap index: files `/sitemap-1.xml` to `/sitemap-<files>.xml`. */
export function sitemapIndex(base: string, files: number): string {
  const entries = Array.from(
    { length: files },
    (_, i) => `<sitemap><loc>${escapeXml(`${base}/sitemap-${i + 1}.xml`)}</loc></sitemap>\n`,
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    entries.join('') +
    '</sitemapindex>\n'
  );
}

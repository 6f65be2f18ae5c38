import { CATEGORIES, type Category, DEFAULT_CATEGORY } from 'contracts';
import { matchPath } from 'react-router-dom';

/**
 * The category a listing's address names (its path, or `?category=` on the home page, else the
 * default), null off the listings. From the address, as the listing reads it, so the page a server
 * renders (for a crawler, or a browser before its scripts) marks the right one.
 */
export function listingCategory(pathname: string, search: string): Category | null {
  const named =
    pathname === '/'
      ? new URLSearchParams(search).get('category')
      : matchPath('/category/:category', pathname)?.params.category;
  if (pathname !== '/' && named === undefined) return null;
  if (named === null || named === undefined) return DEFAULT_CATEGORY;
  return (CATEGORIES as readonly string[]).includes(named) ? (named as Category) : null;
}

import { CATEGORIES, type Category, DEFAULT_CATEGORY, UI } from 'contracts';
import { paths } from 'platform';
import { useTranslation } from 'react-i18next';
import { matchPath, useLocation } from 'react-router-dom';
import { PillNav } from 'shared-ui';
import { PreloadLink } from '../../components/preload-link';
import { useScrolledPast } from '../../hooks/use-scrolled-past';
import styles from './category-nav.module.css';

/** The four categories, sticky under the header; it gains a background past 200 px of scroll. */
export function CategoryNav() {
  const { t } = useTranslation('shell');
  const { pathname, search } = useLocation();
  const scrolled = useScrolledPast(UI.stickyHeaderScrollPx);
  const current = listingCategory(pathname, search);
  return (
    <PillNav
      className={styles.nav}
      listClassName={styles.list}
      data-scrolled={scrolled || undefined}
      data-testid="category-nav"
      aria-label={t('nav.categoriesLabel')}
      items={CATEGORIES.map((category) => ({
        key: category,
        label: t(`categories.${category}`),
        current: category === current,
      }))}
      renderLink={(item, props) => <PreloadLink to={paths.listing(item.key as Category)} {...props} />}
    />
  );
}

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

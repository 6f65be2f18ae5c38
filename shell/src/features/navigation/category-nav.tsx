import { CATEGORIES, UI } from 'contracts';
import { listingAtom, paths } from 'platform';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { matchPath, useLocation } from 'react-router-dom';
import { PreloadLink } from '../../components/preload-link';
import { useScrolledPast } from '../../hooks/use-scrolled-past';
import styles from './category-nav.module.css';

/** The four categories, sticky under the header; it gains a background past 200 px of scroll. */
export function CategoryNav() {
  const { t } = useTranslation('shell');
  const { pathname } = useLocation();
  const listing = useAtomValue(listingAtom);
  const scrolled = useScrolledPast(UI.stickyHeaderScrollPx);
  const onListing = pathname === '/' || !!matchPath('/category/:category', pathname);
  return (
    <nav
      className={styles.nav}
      data-scrolled={scrolled || undefined}
      data-testid="category-nav"
      aria-label={t('footer.categories')}
    >
      <ul className={styles.list}>
        {CATEGORIES.map((category) => (
          <li key={category}>
            <PreloadLink
              to={paths.listing(category)}
              className={styles.tab}
              aria-current={onListing && listing.category === category ? 'page' : undefined}
            >
              {t(`categories.${category}`)}
            </PreloadLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

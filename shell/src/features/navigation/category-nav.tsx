import { CATEGORIES, type Category, UI } from 'contracts';
import { paths } from 'platform';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { PillNav } from 'shared-ui';
import { PreloadLink } from '../../components/preload-link';
import { useScrolledPast } from '../../hooks/use-scrolled-past';
import { listingCategory } from './listing-address';
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

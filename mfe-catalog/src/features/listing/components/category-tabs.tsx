import { CATEGORIES, type Category } from 'contracts';
import { useAtomValue } from 'jotai';
import { listingAtom, paths } from 'platform';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import styles from './category-tabs.module.css';

/** Real links, so each category is crawlable and opens in a new tab; page resets to 1. */
export function CategoryTabs({ current }: { current: Category }) {
  const { t } = useTranslation('catalog');
  return (
    <nav aria-label={t('listing.categoriesLabel')}>
      <ul className={styles.tabs}>
        {CATEGORIES.map((category) => (
          <li key={category}>
            <Link
              to={paths.listing(category)}
              className={styles.tab}
              aria-current={category === current ? 'page' : undefined}
              data-category={category}
            >
              {t(`categories.${category}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The categories for the remote running alone (the shell provides them in production). */
export function StandaloneCategoryTabs() {
  return <CategoryTabs current={useAtomValue(listingAtom).category} />;
}

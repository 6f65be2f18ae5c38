import { CATEGORIES, type Category } from 'contracts';
import { useAtomValue } from 'jotai';
import { listingAtom, paths } from 'platform';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PillNav } from 'shared-ui';

/** Real links, so each category is crawlable and opens in a new tab; page resets to 1. */
export function CategoryTabs({ current }: { current: Category }) {
  const { t } = useTranslation('catalog');
  return (
    <PillNav
      aria-label={t('listing.categoriesLabel')}
      items={CATEGORIES.map((category) => ({
        key: category,
        label: t(`categories.${category}`),
        current: category === current,
      }))}
      renderLink={(item, props) => (
        <Link to={paths.listing(item.key as Category)} data-category={item.key} {...props} />
      )}
    />
  );
}

/** The categories for the remote running alone (the shell provides them in production). */
export function StandaloneCategoryTabs() {
  return <CategoryTabs current={useAtomValue(listingAtom).category} />;
}

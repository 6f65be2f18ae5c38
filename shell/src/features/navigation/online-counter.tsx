import { DEFAULT_CATEGORY } from 'contracts';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useOnlineCount } from './api/get-online-count';
import { listingCategory } from './listing-address';
import styles from './online-counter.module.css';

/**
 * Live count of models online; a click shows only them in the current listing: its filters (city,
 * metro and the rest) stay, the page goes back to the first. Off a listing, the default category.
 */
export function OnlineCounter() {
  const { t } = useTranslation('shell');
  const { pathname, search } = useLocation();
  const count = useOnlineCount().data?.count;
  // The listing's category from the address (as the server rendered it, before any script ran).
  const listing = listingCategory(pathname, search);
  const query = new URLSearchParams(listing ? search : '');
  // The category is the path's; the page and the flag are set, the other filters kept as they are.
  query.delete('category');
  query.set('page', '1');
  query.set('online', 'true');
  return (
    <Link
      to={`/category/${listing ?? DEFAULT_CATEGORY}?${query}`}
      className={styles.counter}
      data-testid="online-counter"
      aria-label={t('online.label', { count: count ?? 0 })}
    >
      <span className={styles.dot} aria-hidden="true" />
      {/* The space keeps the visible text ("64 online") inside the accessible name. */}
      <span className={styles.count}>{count ?? '–'}</span>{' '}
      <span className={styles.caption}>{t('online.caption')}</span>
    </Link>
  );
}

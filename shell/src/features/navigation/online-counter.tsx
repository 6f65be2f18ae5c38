import { CATEGORIES, type Category, DEFAULT_CATEGORY } from 'contracts';
import { useTranslation } from 'react-i18next';
import { Link, matchPath, useLocation } from 'react-router-dom';
import { useOnlineCount } from './api/get-online-count';
import styles from './online-counter.module.css';

/** Live count of models online; a click shows only them in the current listing. */
export function OnlineCounter() {
  const { t } = useTranslation('shell');
  const { pathname, search } = useLocation();
  const count = useOnlineCount().data?.count;
  // The listing's category from the address (as the server rendered it, before any script ran).
  const named =
    matchPath('/category/:category', pathname)?.params.category ??
    (pathname === '/' ? new URLSearchParams(search).get('category') : null);
  const category: Category = CATEGORIES.find((item) => item === named) ?? DEFAULT_CATEGORY;
  return (
    <Link
      to={`/category/${category}?page=1&online=true`}
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

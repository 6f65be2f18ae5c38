import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useStreamingCount } from './api/get-streaming-count';
import { listingCategory } from './listing-address';
import styles from './online-counter.module.css';

/**
 * How many models stream now, beside the online counter; a click leads to the listing's "live now"
 * strip (`#live`): the current listing's, else the home page's.
 */
export function StreamingCounter() {
  const { t } = useTranslation('shell');
  const { pathname, search } = useLocation();
  const count = useStreamingCount().data?.count;
  const onListing = listingCategory(pathname, search) !== null;
  return (
    <Link
      to={onListing ? `${pathname}${search}#live` : '/#live'}
      className={`${styles.counter} ${styles.streaming}`}
      data-testid="streaming-counter"
      aria-label={t('streaming.label', { count: count ?? 0 })}
      title={t('streaming.label', { count: count ?? 0 })}
    >
      <span className={`${styles.dot} ${styles.liveDot}`} aria-hidden="true" />
      <span className={styles.count}>{count ?? '–'}</span>{' '}
      <span className={styles.caption}>{t('streaming.caption')}</span>
    </Link>
  );
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { type ListingParams, pageHref } from '../model/listing-params';
import styles from './pagination.module.css';

/** Page numbers around the current one, with the first and last always reachable. */
export function visiblePages(current: number, count: number, radius = 2): Array<number | 'gap'> {
  const pages: Array<number | 'gap'> = [];
  for (let page = 1; page <= count; page += 1) {
    const near = Math.abs(page - current) <= radius;
    if (page === 1 || page === count || near) pages.push(page);
    else if (pages[pages.length - 1] !== 'gap') pages.push('gap');
  }
  return pages;
}

export function Pagination({ params, pageCount }: { params: ListingParams; pageCount: number }) {
  const { t } = useTranslation('catalog');
  if (pageCount <= 1) return null;
  const current = Math.min(params.page, pageCount);
  return (
    <nav aria-label={t('pagination.label')} className={styles.nav}>
      {current > 1 && (
        <Link to={pageHref(params, current - 1)} rel="prev" className={styles.step}>
          {t('pagination.previous')}
        </Link>
      )}
      <ul className={styles.pages}>
        {visiblePages(current, pageCount).map((page, index) =>
          page === 'gap' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${index}`} aria-hidden="true" className={styles.gap}>
              …
            </li>
          ) : (
            <li key={page}>
              <Link
                to={pageHref(params, page)}
                className={styles.page}
                aria-current={page === current ? 'page' : undefined}
                aria-label={t('pagination.page', { page })}
              >
                {page}
              </Link>
            </li>
          ),
        )}
      </ul>
      {current < pageCount && (
        <Link to={pageHref(params, current + 1)} rel="next" className={styles.step}>
          {t('pagination.next')}
        </Link>
      )}
    </nav>
  );
}

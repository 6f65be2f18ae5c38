import type { UseQueryResult } from '@tanstack/react-query';
import type { ModelListResponse } from 'contracts';
import { useTranslation } from 'react-i18next';
import { Button, Skeleton, VisuallyHidden } from 'shared-ui';
import { Link } from 'react-router-dom';
import { countFilters, type ListingParams, listingHref, NO_FILTERS } from '../model/listing-params';
import styles from './listing-results.module.css';
import { ModelCard } from '../../../components/model-card';
import { EAGER_CARDS } from '../../../lib/preload-images';
import { Pagination } from './pagination';

const SKELETON_CARDS = 8;

export function ListingResults({
  params,
  query,
}: {
  params: ListingParams;
  query: UseQueryResult<ModelListResponse>;
}) {
  const { t } = useTranslation('catalog');

  if (query.isPending) {
    return (
      <div className={styles.grid} role="status" aria-busy="true" aria-label={t('listing.loading')}>
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders that never reorder
          <Skeleton key={index} className={styles.skeleton} />
        ))}
      </div>
    );
  }

  if (query.isError) {
    return (
      <div role="alert" className={styles.message}>
        <p>{query.error.message}</p>
        <Button onClick={() => void query.refetch()}>{t('listing.retry')}</Button>
      </div>
    );
  }

  const { items, total, pageCount } = query.data;
  // The cards of the previous page or filter, while the ones asked for load.
  const stale = query.isPlaceholderData;
  if (items.length === 0) {
    return (
      <div role="status" className={styles.message}>
        <p>{t('listing.empty')}</p>
        {countFilters(params) > 0 && (
          <Link to={listingHref(params.category, NO_FILTERS)}>{t('listing.resetFilters')}</Link>
        )}
      </div>
    );
  }

  return (
    <div aria-busy={stale} data-testid="listing-results">
      {/* Said to screen readers; sighted readers see the cards dim. */}
      <VisuallyHidden role="status">{stale ? t('listing.loading') : ''}</VisuallyHidden>
      <p className={styles.total} data-testid="listing-total">
        {t('listing.total', { count: total })}
      </p>
      <ul className={stale ? `${styles.grid} ${styles.stale}` : styles.grid} data-testid="model-list">
        {items.map((model, index) => (
          <li key={model.id}>
            <ModelCard model={model} eager={index < EAGER_CARDS} />
          </li>
        ))}
      </ul>
      <Pagination params={params} pageCount={pageCount} />
    </div>
  );
}

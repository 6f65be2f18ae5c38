import { useTranslation } from 'react-i18next';
import { Skeleton, SkeletonText } from 'shared-ui';
import styles from './review.module.css';

/** While an item under review loads: its heading, the decision bar, the fields and a photo. */
export function ReviewSkeleton() {
  const { t } = useTranslation('admin');
  return (
    <div className={styles.page} role="status" aria-busy="true" aria-label={t('common.loading')}>
      <Skeleton width="50%" height="2rem" />
      <Skeleton height="3rem" radius="var(--radius-md)" />
      <SkeletonText lines={6} />
      <Skeleton height="20rem" radius="var(--radius-lg)" />
    </div>
  );
}

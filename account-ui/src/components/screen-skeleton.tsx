import { useTranslation } from 'react-i18next';
import { Skeleton, SkeletonText } from 'shared-ui';
import styles from './screen-skeleton.module.css';

/** While a screen's code loads: its heading and a block of the size most screens start with. */
export function ScreenSkeleton() {
  const { t } = useTranslation('platform');
  return (
    <div role="status" aria-busy="true" aria-label={t('common.loading')} className={styles.screen}>
      <Skeleton width="40%" height="2rem" />
      <Skeleton height="12rem" radius="var(--radius-lg)" />
      <SkeletonText lines={3} />
    </div>
  );
}

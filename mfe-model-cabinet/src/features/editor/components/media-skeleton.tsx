import { useTranslation } from 'react-i18next';
import { Skeleton } from 'shared-ui';
import styles from './media-skeleton.module.css';

/** The media editor's place while its chunk loads: the drop zone and a row of tiles. */
export function MediaSkeleton() {
  const { t } = useTranslation('modelCabinet');
  return (
    <div role="status" aria-busy="true" aria-label={t('common.loading')} className={styles.skeleton}>
      <Skeleton height="7.5rem" radius="var(--radius-lg)" />
      <div className={styles.tiles}>
        <Skeleton height="10rem" />
        <Skeleton height="10rem" />
        <Skeleton height="10rem" />
      </div>
    </div>
  );
}

import { PageHeader } from 'account-ui';
import { useTranslation } from 'react-i18next';
import { Card, Skeleton, SkeletonText } from 'shared-ui';
import styles from './editor-skeleton.module.css';

/** The editor's layout while the profile loads: status line and the first sections. */
export function EditorSkeleton({ title }: { title: string }) {
  const { t } = useTranslation('modelCabinet');
  return (
    <>
      <PageHeader title={title} />
      <div role="status" aria-busy="true" aria-label={t('common.loading')} className={styles.skeleton}>
        <Skeleton width="14rem" height="1.5rem" />
        <Card className={styles.card}>
          <Skeleton width="8rem" height="1.5rem" />
          <div className={styles.grid}>
            <Skeleton height="4.5rem" />
            <Skeleton height="4.5rem" />
            <Skeleton height="4.5rem" />
          </div>
          <SkeletonText lines={3} />
        </Card>
        <Card className={styles.card}>
          <Skeleton width="8rem" height="1.5rem" />
          <Skeleton height="9rem" />
        </Card>
      </div>
    </>
  );
}

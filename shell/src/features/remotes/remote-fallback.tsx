import { useTranslation } from 'react-i18next';
import { Button, Card } from 'shared-ui';
import styles from './remote-fallback.module.css';

export function RemoteFallback({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('platform');
  return (
    <Card className={styles.fallback} role="alert" data-testid="remote-fallback">
      <p className={styles.title}>{t('common.remoteFailed')}</p>
      <p className={styles.hint}>{t('common.remoteFailedHint')}</p>
      <Button onClick={onRetry}>{t('common.retry')}</Button>
    </Card>
  );
}

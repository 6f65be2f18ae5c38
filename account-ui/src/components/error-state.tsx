import { useTranslation } from 'react-i18next';
import { Button, Card } from 'shared-ui';
import styles from './error-state.module.css';

/**
 * A screen or block that failed to load: the spec's text (or the server's) and a retry. Its own
 * texts are the `platform` namespace's, which every app has from its first script on, so a remote's
 * frame can show it before any namespace of its own has arrived.
 */
export function ErrorState({ message, onRetry }: { message?: string; onRetry: () => void }) {
  const { t } = useTranslation('platform');
  return (
    <Card as="section" role="alert" className={styles.error}>
      <p>{message ?? t('errors.INTERNAL')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Card>
  );
}

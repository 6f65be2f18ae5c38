import { useTranslation } from 'react-i18next';
import { Button, Card } from 'shared-ui';
import styles from './error-state.module.css';

/** A screen or block that failed to load: the spec's text (or the server's) and a retry. */
export function ErrorState({ message, onRetry }: { message?: string; onRetry: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Card as="section" role="alert" className={styles.error}>
      <p>{message ?? t('errors.somethingWrong')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </Card>
  );
}

import { useTranslation } from 'react-i18next';

export function LoadingText() {
  const { t } = useTranslation('platform');
  return (
    <p role="status" style={{ padding: 'var(--space-6, 24px) 0' }}>
      {t('common.loading')}
    </p>
  );
}

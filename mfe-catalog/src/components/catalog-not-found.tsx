import { useTranslation } from 'react-i18next';

export function CatalogNotFound() {
  const { t } = useTranslation('catalog');
  return <p role="status">{t('notFound')}</p>;
}

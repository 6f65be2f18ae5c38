import { PageNotFound } from 'platform';
import { useTranslation } from 'react-i18next';

/** An unknown catalogue path or a profile that is not there: the site's 404 page. */
export function CatalogNotFound() {
  const { t } = useTranslation('catalog');
  return <PageNotFound fallback={<p role="status">{t('notFound')}</p>} />;
}

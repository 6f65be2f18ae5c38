import { useTranslation } from 'react-i18next';
import { Button } from 'shared-ui';
import styles from './pager.module.css';

/** Previous / next between the pages of a list; nothing when everything fits on one page. */
export function Pager({
  page,
  pageCount,
  onPage,
}: {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('admin');
  if (pageCount <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={t('records.pager.label')}>
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('records.pager.previous')}
      </Button>
      <span>{t('records.pager.page', { page, pages: pageCount })}</span>
      <Button variant="secondary" size="sm" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        {t('records.pager.next')}
      </Button>
    </nav>
  );
}

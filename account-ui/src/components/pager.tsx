import { useTranslation } from 'react-i18next';
import { Button } from 'shared-ui';
import styles from './pager.module.css';

export interface PagerProps {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  /**
   * The app's i18n namespace and the prefix of the pager's texts in it: `<keyPrefix>.label`,
   * `.previous`, `.next` and `.page` (with `{{page}}` and `{{pages}}`).
   */
  namespace: string;
  keyPrefix: string;
  className?: string;
}

/** Previous / next between the pages of a list; nothing when everything fits on one page. */
export function Pager({ page, pageCount, onPage, namespace, keyPrefix, className }: PagerProps) {
  const { t } = useTranslation(namespace, { keyPrefix });
  if (pageCount <= 1) return null;
  return (
    <nav className={className ? `${styles.pager} ${className}` : styles.pager} aria-label={t('label')}>
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('previous')}
      </Button>
      <span>{t('page', { page, pages: pageCount })}</span>
      <Button variant="secondary" size="sm" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        {t('next')}
      </Button>
    </nav>
  );
}

import { paths } from 'platform';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { buttonClassName } from 'shared-ui';
import { useDocumentTitle } from '../lib/use-document-title';
import { AuthCard } from './auth-card';
import styles from './auth-form.module.css';

/** A path below ours that names no screen, such as /login/admin. */
export function AuthNotFound() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('notFound.documentTitle'));
  return (
    <AuthCard title={t('notFound.title')} subtitle={t('notFound.text')}>
      <div className={styles.actions}>
        <Link to={paths.login('girl')} className={buttonClassName({ size: 'lg', fullWidth: true })}>
          {t('notFound.login')}
        </Link>
        <Link
          to={paths.home()}
          className={buttonClassName({ variant: 'secondary', size: 'lg', fullWidth: true })}
        >
          {t('notFound.home')}
        </Link>
      </div>
    </AuthCard>
  );
}

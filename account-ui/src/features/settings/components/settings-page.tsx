import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { ChangeEmailForm } from './change-email-form';
import { ChangeLoginForm } from './change-login-form';
import { ChangePasswordForm } from './change-password-form';
import styles from './settings-page.module.css';

/** `<area>/settings`: login, password and e-mail, each with its own form. */
export default function SettingsPage() {
  const { t } = useTranslation('account');
  return (
    <>
      <PageHeader title={t('settings.title')} />
      <div className={styles.sections}>
        <ChangeLoginForm />
        <ChangePasswordForm />
        <ChangeEmailForm />
      </div>
    </>
  );
}

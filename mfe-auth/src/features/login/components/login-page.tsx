import type { AccountType } from 'contracts';
import { paths } from 'platform';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { AccountTypeTabs } from '../../../components/account-type-tabs';
import { AuthCard } from '../../../components/auth-card';
import { AuthNotFound } from '../../../components/auth-not-found';
import { parseAccountType } from '../../../lib/account-type';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { LoginForm } from './login-form';

export function LoginPage() {
  const accountType = parseAccountType(useParams().type);
  if (!accountType) return <AuthNotFound />;
  // A fresh form per account type: switching tabs does not carry a half-typed password over.
  return <Login key={accountType} accountType={accountType} />;
}

function Login({ accountType }: { accountType: AccountType }) {
  const { t } = useTranslation('auth');
  useDocumentTitle(t(`login.documentTitle.${accountType}`));
  return (
    <AuthCard
      title={t('login.title')}
      subtitle={t(`login.subtitle.${accountType}`)}
      footer={
        <>
          <span>{t('login.noAccount')}</span>
          <Link to={paths.register(accountType)}>{t('login.register')}</Link>
        </>
      }
    >
      <AccountTypeTabs current={accountType} pathFor={paths.login} />
      <LoginForm accountType={accountType} />
    </AuthCard>
  );
}

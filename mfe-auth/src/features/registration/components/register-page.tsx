import type { AccountType, RegisterFormValues } from 'contracts';
import { paths } from 'platform';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { AccountTypeTabs } from '../../../components/account-type-tabs';
import { AuthCard } from '../../../components/auth-card';
import { AuthNotFound } from '../../../components/auth-not-found';
import { parseAccountType } from '../../../lib/account-type';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CodeStep } from './code-step';
import { type CodeSent, RegisterForm, type RegisterFormProps } from './register-form';

export function RegisterPage() {
  const accountType = parseAccountType(useParams().type);
  if (!accountType) return <AuthNotFound />;
  return <Registration key={accountType} accountType={accountType} />;
}

/** Two steps: the account's details, then the code mailed to its address. */
function Registration({ accountType }: { accountType: AccountType }) {
  const [sent, setSent] = useState<CodeSent | null>(null);
  // Going back to change the e-mail finds the form as it was left.
  const [values, setValues] = useState<RegisterFormValues | null>(null);

  if (sent) return <CodeStep sent={sent} onChangeEmail={() => setSent(null)} />;
  return (
    <DetailsStep
      accountType={accountType}
      initialValues={values}
      onCodeSent={(submitted, next) => {
        setValues(submitted);
        setSent(next);
      }}
    />
  );
}

function DetailsStep({ accountType, initialValues, onCodeSent }: RegisterFormProps) {
  const { t } = useTranslation('auth');
  useDocumentTitle(t(`register.documentTitle.${accountType}`));
  return (
    <AuthCard
      title={t('register.title')}
      subtitle={t(`register.subtitle.${accountType}`)}
      footer={
        <>
          <span>{t('register.haveAccount')}</span>
          <Link to={paths.login(accountType)}>{t('register.login')}</Link>
        </>
      }
    >
      <AccountTypeTabs current={accountType} pathFor={paths.register} />
      <RegisterForm accountType={accountType} initialValues={initialValues} onCodeSent={onCodeSent} />
    </AuthCard>
  );
}

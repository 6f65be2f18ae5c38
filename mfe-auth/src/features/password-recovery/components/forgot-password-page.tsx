import { valibotResolver } from '@hookform/resolvers/valibot';
import { type AccountType, forgotPasswordSchema } from 'contracts';
import { paths } from 'platform';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { AuthCard } from '../../../components/auth-card';
import styles from '../../../components/auth-form.module.css';
import { EmailInput } from '../../../components/email-input';
import { FormAlert, FormStatus } from '../../../components/form-alert';
import { SubmitButton } from '../../../components/submit-button';
import { parseAccountType } from '../../../lib/account-type';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFieldMessage } from '../../../lib/use-field-message';
import { useSendRestoreLink } from '../api/send-restore-link';

/** The login page passes its account type along, so "back" returns to the same tab. */
function useCameFrom(): AccountType {
  const state: unknown = useLocation().state;
  const type = (state as { accountType?: string } | null)?.accountType;
  return parseAccountType(type) ?? 'girl';
}

export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('forgot.documentTitle'));
  const fieldMessage = useFieldMessage();
  const backTo = useCameFrom();
  const send = useSendRestoreLink();
  const [outcome, setOutcome] = useState<'sent' | 'failed' | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isValid },
  } = useForm({
    resolver: valibotResolver(forgotPasswordSchema),
    // The spec checks the address on every change and enables Send only for a valid one.
    mode: 'onChange',
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setOutcome(null);
    try {
      await send.mutateAsync(values);
      setOutcome('sent');
    } catch {
      setOutcome('failed');
    }
  });

  return (
    <AuthCard
      title={t('forgot.title')}
      subtitle={t('forgot.subtitle')}
      footer={<Link to={paths.login(backTo)}>{t('forgot.backToLogin')}</Link>}
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <EmailInput
          error={fieldMessage(errors.email)}
          {...register('email', { onChange: () => setOutcome(null) })}
        />
        {outcome === 'sent' && <FormStatus>{t('messages.sendEmail')}</FormStatus>}
        <FormAlert problem={outcome === 'failed' ? { key: 'errors.forgotPasswordError' } : null} />
        <SubmitButton disabled={!isValid} loading={send.isPending}>
          {t('forgot.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}

import { valibotResolver } from '@hookform/resolvers/valibot';
import { updateEmailBodySchema } from 'contracts';
import { useSession } from 'platform';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Input } from 'shared-ui';
import { useFieldMessage } from '../../../lib/field-message';
import { notify } from '../../../lib/notify';
import { useUpdateEmail } from '../api/update-email';
import { PasswordInput } from './password-input';
import { applyServerErrors } from './server-errors';
import { SettingsSection } from './settings-section';
import styles from './settings-page.module.css';

const FIELDS = ['email', 'password'] as const;

/**
 * The new address, confirmed with the password. The server mails a link to the new address and
 * changes nothing until it is opened, so the form says where to look rather than "changed".
 */
export function ChangeEmailForm() {
  const { t } = useTranslation('account');
  const fieldMessage = useFieldMessage();
  const session = useSession();
  const current = session.status === 'authenticated' ? session.profile.email : '';
  const update = useUpdateEmail();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({
    resolver: valibotResolver(updateEmailBodySchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setSentTo(null);
    try {
      await update.mutateAsync(values);
      reset();
      setSentTo(values.email);
      notify('success', t('settings.email.success'));
    } catch (error) {
      if (
        !applyServerErrors(error, FIELDS, setError, { WRONG_PASSWORD: 'password', EMAIL_EXISTS: 'email' })
      ) {
        notify('error', t('settings.email.error'));
      }
    }
  });

  return (
    <SettingsSection
      id="settings-email"
      title={t('settings.email.title')}
      description={current ? t('settings.email.current', { email: current }) : undefined}
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <Input
          label={t('settings.email.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          error={fieldMessage(errors.email)}
          {...register('email', { onChange: () => setSentTo(null) })}
        />
        <PasswordInput
          label={t('settings.email.password')}
          autoComplete="current-password"
          error={fieldMessage(errors.password)}
          {...register('password')}
        />
        {sentTo && (
          <p role="status" className={styles.status}>
            {t('settings.email.sent', { email: sentTo })}
          </p>
        )}
        <Button type="submit" className={styles.submit} loading={update.isPending}>
          {t('settings.email.submit')}
        </Button>
      </form>
    </SettingsSection>
  );
}

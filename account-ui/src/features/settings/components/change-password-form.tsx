import { valibotResolver } from '@hookform/resolvers/valibot';
import { changePasswordSchema } from 'contracts';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from 'shared-ui';
import { useFieldMessage } from '../../../lib/field-message';
import { notify } from '../../../lib/notify';
import { useUpdatePassword } from '../api/update-password';
import { PasswordInput } from './password-input';
import { applyServerErrors } from './server-errors';
import { SettingsSection } from './settings-section';
import styles from './settings-page.module.css';

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const;

/** Current, new and its confirmation; a wrong current password shows on its field. */
export function ChangePasswordForm() {
  const { t } = useTranslation('account');
  const fieldMessage = useFieldMessage();
  const update = useUpdatePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({
    resolver: valibotResolver(changePasswordSchema),
    mode: 'onTouched',
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      reset();
      notify('success', t('settings.password.success'));
    } catch (error) {
      if (!applyServerErrors(error, FIELDS, setError, { WRONG_PASSWORD: 'currentPassword' })) {
        notify('error', t('settings.password.error'));
      }
    }
  });

  return (
    <SettingsSection
      id="settings-password"
      title={t('settings.password.title')}
      description={t('settings.password.description')}
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <PasswordInput
          label={t('settings.password.current')}
          autoComplete="current-password"
          error={fieldMessage(errors.currentPassword)}
          {...register('currentPassword')}
        />
        <PasswordInput
          label={t('settings.password.new')}
          hint={t('settings.password.newHint')}
          autoComplete="new-password"
          error={fieldMessage(errors.newPassword)}
          {...register('newPassword')}
        />
        <PasswordInput
          label={t('settings.password.confirm')}
          autoComplete="new-password"
          error={fieldMessage(errors.confirmPassword)}
          {...register('confirmPassword')}
        />
        <Button type="submit" className={styles.submit} loading={update.isPending}>
          {t('settings.password.submit')}
        </Button>
      </form>
    </SettingsSection>
  );
}

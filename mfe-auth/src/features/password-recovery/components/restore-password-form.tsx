import { valibotResolver } from '@hookform/resolvers/valibot';
import { restorePasswordSchema } from 'contracts';
import { ApiError, paths } from 'platform';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { AuthCard } from '../../../components/auth-card';
import styles from '../../../components/auth-form.module.css';
import { FormAlert } from '../../../components/form-alert';
import { PasswordInput } from '../../../components/password-input';
import { SubmitButton } from '../../../components/submit-button';
import { notify } from '../../../lib/notify';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFieldMessage } from '../../../lib/use-field-message';
import { useRestorePassword } from '../api/restore-password';

type Failure = 'link' | 'other';

export function RestorePasswordForm({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('restore.documentTitle'));
  const fieldMessage = useFieldMessage();
  const navigate = useNavigate();
  const restore = useRestorePassword();
  const [failure, setFailure] = useState<Failure | null>(null);
  const {
    register,
    handleSubmit,
    trigger,
    formState: { errors, isValid, touchedFields, dirtyFields },
  } = useForm({
    // The schema removes whitespace before checking, and the resolver hands on its output: the
    // password sent is the one checked. Its last rule, the common-password list, is loaded the
    // first time a password is long enough to be checked.
    resolver: valibotResolver(restorePasswordSchema),
    mode: 'all',
    // Every rule runs, so a mismatched confirmation shows even while another field is wrong.
    criteriaMode: 'all',
    defaultValues: { newPassword: '', confirmPassword: '', token },
  });

  // "Touched" also counts typing, so Enter in the confirmation works before it loses focus.
  const touched = (field: 'newPassword' | 'confirmPassword') =>
    Boolean(touchedFields[field] || dirtyFields[field]);
  const canSave = isValid && touched('newPassword') && touched('confirmPassword');

  const newPassword = register('newPassword', {
    onChange: () => {
      if (touched('confirmPassword')) void trigger('confirmPassword');
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await restore.mutateAsync({ newPassword: values.newPassword, token: values.token });
      notify('success', t('messages.passwordSuccessRestore'));
      navigate(paths.login('girl'), { replace: true });
    } catch (error) {
      setFailure(error instanceof ApiError && error.code === 'LINK_INVALID' ? 'link' : 'other');
    }
  });

  return (
    <AuthCard title={t('restore.title')} subtitle={t('restore.subtitle')}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <PasswordInput
          label={t('restore.newPassword')}
          autoComplete="new-password"
          hint={t('restore.hint')}
          error={fieldMessage(errors.newPassword)}
          {...newPassword}
        />
        <PasswordInput
          label={t('restore.confirmPassword')}
          autoComplete="new-password"
          error={fieldMessage(errors.confirmPassword)}
          {...register('confirmPassword')}
        />
        <FormAlert problem={failure ? { key: 'errors.restorePasswordError' } : null}>
          {failure === 'link' && (
            <>
              <p>{t('messages.invalidOrExpiredLink')}</p>
              <Link to={paths.forgotPassword()}>{t('restore.requestNewLink')}</Link>
            </>
          )}
        </FormAlert>
        <SubmitButton disabled={!canSave} loading={restore.isPending}>
          {t('restore.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}

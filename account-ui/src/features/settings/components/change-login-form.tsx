import { valibotResolver } from '@hookform/resolvers/valibot';
import { changeLoginSchema, LOGIN_MAX_LENGTH } from 'contracts';
import { useSession } from 'platform';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button, Input } from 'shared-ui';
import { useFieldMessage } from '../../../lib/field-message';
import { notify } from '../../../lib/notify';
import { useUpdateLogin } from '../api/update-login';
import { applyServerErrors } from './server-errors';
import { SettingsSection } from './settings-section';
import styles from './settings-page.module.css';

const FIELDS = ['login', 'confirmLogin'] as const;

/** Latin letters and digits, typed twice; only the server can say it is free (LOGIN_TAKEN). */
export function ChangeLoginForm() {
  const { t } = useTranslation('account');
  const fieldMessage = useFieldMessage();
  const session = useSession();
  const current = session.status === 'authenticated' ? session.profile.login : null;
  const update = useUpdateLogin();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm({
    resolver: valibotResolver(changeLoginSchema),
    mode: 'onTouched',
    defaultValues: { login: '', confirmLogin: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const profile = await update.mutateAsync(values);
      reset();
      notify('success', t('settings.login.success', { login: profile.login ?? values.login }));
    } catch (error) {
      if (!applyServerErrors(error, FIELDS, setError, { LOGIN_TAKEN: 'login' })) {
        notify('error', t('settings.login.error'));
      }
    }
  });

  return (
    <SettingsSection
      id="settings-login"
      title={t('settings.login.title')}
      description={current ? t('settings.login.current', { login: current }) : t('settings.login.none')}
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <Input
          label={t('settings.login.login')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={LOGIN_MAX_LENGTH}
          hint={t('settings.login.hint')}
          error={fieldMessage(errors.login)}
          {...register('login')}
        />
        <Input
          label={t('settings.login.confirm')}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={LOGIN_MAX_LENGTH}
          error={fieldMessage(errors.confirmLogin)}
          {...register('confirmLogin')}
        />
        <Button type="submit" className={styles.submit} loading={update.isPending}>
          {t('settings.login.submit')}
        </Button>
      </form>
    </SettingsSection>
  );
}

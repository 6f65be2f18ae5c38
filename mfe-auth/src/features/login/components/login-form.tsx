import { valibotResolver } from '@hookform/resolvers/valibot';
import { type AccountType, type ErrorCode, loginFormSchema } from 'contracts';
import { homeOf, paths } from 'platform';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import styles from '../../../components/auth-form.module.css';
import { EmailInput } from '../../../components/email-input';
import { FormAlert } from '../../../components/form-alert';
import { PasswordInput } from '../../../components/password-input';
import { SubmitButton } from '../../../components/submit-button';
import { notify } from '../../../lib/notify';
import { useFieldMessage } from '../../../lib/use-field-message';
import { useSubmitProblem } from '../../../lib/use-submit-problem';
import { useLogin } from '../api/login';

const LOGIN_ERRORS: Partial<Record<ErrorCode, string>> = {
  LOGIN_FAILED: 'errors.loginFailed',
  USER_NOT_FOUND: 'errors.userNotFound',
  RATE_LIMITED: 'errors.tooManyAttempts',
};

export function LoginForm({ accountType }: { accountType: AccountType }) {
  const { t } = useTranslation('auth');
  const fieldMessage = useFieldMessage();
  const navigate = useNavigate();
  const signIn = useLogin();
  const { problem, waitSeconds, clear, report } = useSubmitProblem(LOGIN_ERRORS, 'errors.loginError');
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: valibotResolver(loginFormSchema),
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    clear();
    try {
      const profile = await signIn.mutateAsync(values);
      // The account decides where it lives, whichever tab it signed in from; she is told when
      // that is not the area she chose.
      if (profile.accountType !== accountType) notify('success', t(`login.otherArea.${profile.accountType}`));
      navigate(homeOf(profile.accountType), { replace: true });
    } catch (error) {
      report(error, ['email', 'password'], setError);
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <EmailInput error={fieldMessage(errors.email)} {...register('email')} />
      <PasswordInput
        label={t('form.password')}
        autoComplete="current-password"
        error={fieldMessage(errors.password)}
        {...register('password')}
      />
      <Link className={styles.aside} to={paths.forgotPassword()} state={{ accountType }}>
        {t('login.forgotPassword')}
      </Link>
      <FormAlert problem={problem} />
      <SubmitButton loading={signIn.isPending} disabled={waitSeconds > 0}>
        {t('login.submit')}
      </SubmitButton>
    </form>
  );
}

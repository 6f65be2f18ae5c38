import { valibotResolver } from '@hookform/resolvers/valibot';
import { type AccountType, type ErrorCode, loginFormSchema } from 'contracts';
import { homeOf, paths } from 'platform';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Button, Input } from 'shared-ui';
import styles from '../../../components/auth-form.module.css';
import { FormAlert } from '../../../components/form-alert';
import { PasswordInput } from '../../../components/password-input';
import { useCountdown } from '../../../lib/countdown';
import { notify } from '../../../lib/notify';
import { type FormProblem, problemFrom, serverFieldErrors } from '../../../lib/form-problem';
import { useFieldMessage } from '../../../lib/use-field-message';
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
  const [problem, setProblem] = useState<FormProblem | null>(null);
  // After "too many attempts" the button waits as long as the server asked.
  const waitSeconds = useCountdown(problem?.retryAt ?? null);
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
    setProblem(null);
    try {
      const profile = await signIn.mutateAsync(values);
      // The account decides where it lives, whichever tab it signed in from; she is told when
      // that is not the area she chose.
      if (profile.accountType !== accountType) notify('success', t(`login.otherArea.${profile.accountType}`));
      navigate(homeOf(profile.accountType), { replace: true });
    } catch (error) {
      const fields = serverFieldErrors(error, ['email', 'password'] as const);
      for (const [field, message] of fields) setError(field, { type: 'server', message });
      if (fields.length === 0) setProblem(problemFrom(error, LOGIN_ERRORS, 'errors.loginError'));
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <Input
        label={t('form.email')}
        type="email"
        inputMode="email"
        autoComplete="email"
        placeholder={t('form.emailPlaceholder')}
        error={fieldMessage(errors.email)}
        {...register('email')}
      />
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
      <div className={styles.actions}>
        <Button type="submit" size="lg" fullWidth loading={signIn.isPending} disabled={waitSeconds > 0}>
          {t('login.submit')}
        </Button>
      </div>
    </form>
  );
}

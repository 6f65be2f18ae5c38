import { valibotResolver } from '@hookform/resolvers/valibot';
import { type ErrorCode, registrationCodeFormSchema } from 'contracts';
import { ApiError, homeOf } from 'platform';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button, Input } from 'shared-ui';
import styles from '../../../components/auth-form.module.css';
import { AuthCard } from '../../../components/auth-card';
import { FormAlert, FormStatus } from '../../../components/form-alert';
import { deadlineIn, formatCountdown, useCountdown } from '../../../lib/countdown';
import { type FormProblem, problemFrom } from '../../../lib/form-problem';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useFieldMessage } from '../../../lib/use-field-message';
import { useResendRegistrationCode } from '../api/resend-registration-code';
import { useVerifyRegistrationCode } from '../api/verify-registration-code';
import type { CodeSent } from './register-form';
import codeStyles from './code-step.module.css';

const VERIFY_ERRORS: Partial<Record<ErrorCode, string>> = {
  EMAIL_EXISTS: 'errors.emailExists',
  RATE_LIMITED: 'errors.tooManyAttempts',
};

const RESEND_ERRORS: Partial<Record<ErrorCode, string>> = {
  EMAIL_SEND_FAILED: 'errors.sendCodeError',
};

/** The second step: the 6-digit code from the mail, and a new code once the server allows it. */
export function CodeStep({ sent, onChangeEmail }: { sent: CodeSent; onChangeEmail: () => void }) {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('code.documentTitle'));
  const fieldMessage = useFieldMessage();
  const navigate = useNavigate();
  const verify = useVerifyRegistrationCode();
  const resend = useResendRegistrationCode();
  const [resendAt, setResendAt] = useState(() => deadlineIn(sent.response.resendAvailableInSeconds));
  const [expiresInSeconds, setExpiresInSeconds] = useState(sent.response.expiresInSeconds);
  const resendSeconds = useCountdown(resendAt);
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [resent, setResent] = useState(false);
  const countdownId = useId();
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    resetField,
    formState: { errors },
  } = useForm({
    resolver: valibotResolver(registrationCodeFormSchema),
    mode: 'onTouched',
    defaultValues: { code: '' },
  });

  // The step replaces the form the person was in: take them straight to the code field.
  useEffect(() => setFocus('code'), [setFocus]);

  const onSubmit = handleSubmit(async ({ code }) => {
    setProblem(null);
    try {
      const profile = await verify.mutateAsync({ email: sent.email, code });
      navigate(homeOf(profile.accountType), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'INVALID_CODE') {
        setError('code', { type: 'server', message: 'auth:errors.invalidCode' }, { shouldFocus: true });
      } else {
        setProblem(problemFrom(error, VERIFY_ERRORS, 'errors.verifyError'));
      }
    }
  });

  const onResend = async () => {
    setProblem(null);
    setResent(false);
    try {
      const response = await resend.mutateAsync({ email: sent.email });
      setResendAt(deadlineIn(response.resendAvailableInSeconds));
      setExpiresInSeconds(response.expiresInSeconds);
      setResent(true);
      resetField('code');
      setFocus('code');
    } catch (error) {
      // "Too soon" is the server's own countdown: show that one instead of an error.
      if (error instanceof ApiError && error.code === 'RATE_LIMITED' && error.retryAfter !== undefined) {
        setResendAt(deadlineIn(error.retryAfter));
      } else {
        setProblem(problemFrom(error, RESEND_ERRORS, 'errors.resendError'));
      }
    }
  };

  return (
    <AuthCard
      title={t('code.title')}
      subtitle={
        <Trans
          t={t}
          i18nKey="code.sent"
          values={{ email: sent.email, minutes: Math.round(expiresInSeconds / 60) }}
          components={{ strong: <strong className={codeStyles.email} /> }}
        />
      }
    >
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <Input
          className={codeStyles.code}
          label={t('code.label')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          error={fieldMessage(errors.code)}
          {...register('code')}
        />
        {resent && <FormStatus>{t('code.resent', { email: sent.email })}</FormStatus>}
        <FormAlert problem={problem} />
        <div className={styles.actions}>
          <Button type="submit" size="lg" fullWidth loading={verify.isPending}>
            {t('code.submit')}
          </Button>
          <Button
            variant="secondary"
            size="lg"
            fullWidth
            onClick={() => void onResend()}
            loading={resend.isPending}
            disabled={resendSeconds > 0}
            aria-describedby={resendSeconds > 0 ? countdownId : undefined}
          >
            {t('code.resend')}
          </Button>
          {resendSeconds > 0 && (
            <p id={countdownId} className={styles.hint} aria-live="off" data-testid="resend-countdown">
              {t('code.resendIn', { time: formatCountdown(resendSeconds) })}
            </p>
          )}
          <button type="button" className={styles.linkButton} onClick={onChangeEmail}>
            {t('code.changeEmail')}
          </button>
        </div>
      </form>
    </AuthCard>
  );
}

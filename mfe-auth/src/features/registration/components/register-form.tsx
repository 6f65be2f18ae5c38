import { valibotResolver } from '@hookform/resolvers/valibot';
import {
  type AccountType,
  type ErrorCode,
  type RegisterFormValues,
  type RegistrationCodeSentResponse,
  registerFormSchema,
} from 'contracts';
import { ApiError, paths } from 'platform';
import type { ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Input } from 'shared-ui';
import styles from '../../../components/auth-form.module.css';
import { EmailInput } from '../../../components/email-input';
import { FormAlert } from '../../../components/form-alert';
import { PasswordInput } from '../../../components/password-input';
import { SubmitButton } from '../../../components/submit-button';
import { useFieldMessage } from '../../../lib/use-field-message';
import { useSubmitProblem } from '../../../lib/use-submit-problem';
import { useSendRegistrationCode } from '../api/send-registration-code';
import { useValidatePublicPromo } from '../api/validate-promo';
import { keepRegistrationPromo, readRegistrationPromo } from '../model/registration-promo';

const SEND_ERRORS: Partial<Record<ErrorCode, string>> = {
  EMAIL_EXISTS: 'errors.emailExists',
  EMAIL_SEND_FAILED: 'errors.sendCodeError',
  RATE_LIMITED: 'errors.tooManyAttempts',
};

const FIELDS = ['email', 'password', 'confirmPassword', 'promoCode'] as const;

/** The promo check's refusal as a field message (`auth:` keys are this remote's own texts). */
function promoMessage(error: unknown, accountType: AccountType): string {
  if (error instanceof ApiError) {
    if (error.code === 'PROMO_INVALID' || error.code === 'NOT_FOUND') return 'auth:errors.promoInvalid';
    if (error.code === 'PROMO_NOT_FOR_ROLE') {
      return accountType === 'girl' ? 'auth:errors.promoNotForGirl' : 'auth:errors.promoNotForAdvister';
    }
    if (error.code === 'VALIDATION_FAILED' && error.fields.code) return error.fields.code;
  }
  return 'auth:errors.promoCheckError';
}

export interface CodeSent {
  email: string;
  response: RegistrationCodeSentResponse;
}

export interface RegisterFormProps {
  accountType: AccountType;
  /** What was typed before going back from the code step; null for a fresh form. */
  initialValues: RegisterFormValues | null;
  onCodeSent: (values: RegisterFormValues, sent: CodeSent) => void;
}

export function RegisterForm({ accountType, initialValues, onCodeSent }: RegisterFormProps) {
  const { t } = useTranslation('auth');
  const fieldMessage = useFieldMessage();
  const checkPromo = useValidatePublicPromo();
  const sendCode = useSendRegistrationCode();
  const { problem, waitSeconds, clear, report } = useSubmitProblem(SEND_ERRORS, 'errors.registrationError');
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    trigger,
    formState: { errors, touchedFields },
  } = useForm({
    resolver: valibotResolver(registerFormSchema),
    mode: 'onTouched',
    // Every rule runs, so a mismatched confirmation shows even while another field is wrong.
    criteriaMode: 'all',
    defaultValues: initialValues ?? {
      email: '',
      password: '',
      confirmPassword: '',
      promoCode: readRegistrationPromo(),
    },
  });

  const password = register('password', {
    // A confirmation already typed is checked again against the changed password.
    onChange: () => {
      if (touchedFields.confirmPassword) void trigger('confirmPassword');
    },
  });
  const promo = register('promoCode', { onChange: (event) => keepRegistrationPromo(event.target.value) });
  // Codes are upper case; typing shows them that way, keeping the caret where it was.
  const onPromoChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const { selectionStart, selectionEnd } = input;
    input.value = input.value.toUpperCase();
    if (document.activeElement === input) input.setSelectionRange(selectionStart, selectionEnd);
    return promo.onChange(event);
  };

  const onSubmit = handleSubmit(async (values) => {
    clear();
    const promoCode = values.promoCode;
    if (promoCode) {
      try {
        await checkPromo.mutateAsync({ code: promoCode, accountType });
      } catch (error) {
        setError(
          'promoCode',
          { type: 'server', message: promoMessage(error, accountType) },
          { shouldFocus: true },
        );
        return;
      }
    }
    try {
      const response = await sendCode.mutateAsync({
        email: values.email,
        password: values.password,
        accountType,
        ...(promoCode ? { promoCode } : {}),
      });
      onCodeSent(getValues(), { email: values.email, response });
    } catch (error) {
      report(error, FIELDS, setError);
    }
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate>
      <EmailInput error={fieldMessage(errors.email)} {...register('email')} />
      <PasswordInput
        label={t('form.password')}
        autoComplete="new-password"
        hint={t('register.passwordHint')}
        error={fieldMessage(errors.password)}
        {...password}
      />
      <PasswordInput
        label={t('form.confirmPassword')}
        autoComplete="new-password"
        error={fieldMessage(errors.confirmPassword)}
        {...register('confirmPassword')}
      />
      <Input
        label={t('register.promoCode')}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        hint={t('register.promoHint')}
        error={fieldMessage(errors.promoCode)}
        {...promo}
        onChange={onPromoChange}
      />
      <FormAlert problem={problem}>
        {problem?.code === 'EMAIL_EXISTS' && <Link to={paths.login(accountType)}>{t('register.login')}</Link>}
      </FormAlert>
      <SubmitButton loading={checkPromo.isPending || sendCode.isPending} disabled={waitSeconds > 0}>
        {t('register.submit')}
      </SubmitButton>
    </form>
  );
}

import * as v from 'valibot';
import { mustMatch } from './must-match';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { notCommonPasswordAsync } from './common-password';
import { emailSchema } from './email';
import { optionalPromoCodeSchema } from './promo-code';

/**
 * The length rules of a password being chosen (registration, restore, change); the common-password
 * list comes after them (`notCommonPassword`). Registration and change keep it exactly as typed:
 * spaces may be part of a passphrase. Restore removes whitespace first (restore-password.ts).
 */
export const passwordRules = (requiredKey: string) =>
  v.pipe(
    v.string(requiredKey),
    v.nonEmpty(requiredKey),
    v.minLength(PASSWORD_MIN_LENGTH, 'validation.passwordTooShort'),
    v.maxLength(PASSWORD_MAX_LENGTH, 'validation.passwordTooLong'),
  );

export const passwordSchema = passwordRules('validation.passwordRequired');

export const confirmPasswordSchema = v.pipe(
  v.string('validation.confirmPasswordRequired'),
  v.nonEmpty('validation.confirmPasswordRequired'),
);

/**
 * A password the account already has (signing in, confirming a change): presence only. The
 * server answers a wrong one itself, and length rules would lock out passwords set before them.
 */
export const existingPasswordRules = (requiredKey: string) =>
  v.pipe(
    v.string(requiredKey),
    v.nonEmpty(requiredKey),
    v.maxLength(PASSWORD_MAX_LENGTH, 'validation.passwordTooLong'),
  );

export const loginFormSchema = v.object(
  {
    email: emailSchema,
    password: existingPasswordRules('validation.passwordRequired'),
  },
  'validation.required',
);
export type LoginFormInput = v.InferOutput<typeof loginFormSchema>;

/** The registration form: its rules, then the common-password list, loaded on first use. */
export const registerFormSchema = v.pipeAsync(
  v.object(
    {
      email: emailSchema,
      password: passwordSchema,
      confirmPassword: confirmPasswordSchema,
      promoCode: optionalPromoCodeSchema,
    },
    'validation.required',
  ),
  mustMatch('password', 'confirmPassword', 'validation.noConfirm'),
  notCommonPasswordAsync('password'),
);
export type RegisterFormValues = v.InferInput<typeof registerFormSchema>;
export type RegisterFormInput = v.InferOutput<typeof registerFormSchema>;

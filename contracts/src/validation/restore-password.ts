import * as v from 'valibot';
import { mustMatch } from './must-match';
import { confirmPasswordSchema, passwordRules } from './password';

/** The restore-password form; `token` comes from the link in the e-mail, not from the user. */
export const restorePasswordSchema = v.pipe(
  v.object(
    {
      // As typed, like registration's: a passphrase set here must sign in as typed.
      newPassword: passwordRules('validation.newPasswordRequired'),
      confirmPassword: confirmPasswordSchema,
      token: v.pipe(
        v.string('validation.invalidOrExpiredLink'),
        v.trim(),
        v.nonEmpty('validation.invalidOrExpiredLink'),
      ),
    },
    'validation.required',
  ),
  mustMatch('newPassword', 'confirmPassword', 'validation.noConfirm'),
);
export type RestorePasswordInput = v.InferOutput<typeof restorePasswordSchema>;

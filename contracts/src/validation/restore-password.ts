import * as v from 'valibot';
import { mustMatch } from './must-match';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';

/** Whitespace goes before checking, so a password pasted with a stray space or line break works. */
const withoutWhitespace = (requiredKey: string) =>
  v.pipe(
    v.string(requiredKey),
    v.transform((password) => password.replace(/\s/g, '')),
    v.nonEmpty(requiredKey),
  );

/** The restore-password form; `token` comes from the link in the e-mail, not from the user. */
export const restorePasswordSchema = v.pipe(
  v.object(
    {
      newPassword: v.pipe(
        withoutWhitespace('validation.newPasswordRequired'),
        v.minLength(PASSWORD_MIN_LENGTH, 'validation.passwordTooShort'),
        v.maxLength(PASSWORD_MAX_LENGTH, 'validation.passwordTooLong'),
      ),
      confirmPassword: withoutWhitespace('validation.confirmPasswordRequired'),
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

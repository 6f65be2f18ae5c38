import * as v from 'valibot';
import { notCommonPasswordAsync } from './common-password';
import { mustMatch } from './must-match';
import { passwordRules } from './password';

/**
 * PRODUCT_SPEC section 5: the restore form removes whitespace before checking, so a password
 * pasted with a stray space or line break works, and the password checked is the one sent and
 * stored. The form's hint says so: unlike registration, spaces typed here are not part of it.
 */
const withoutWhitespace = v.transform((password: string) => password.replace(/\s/g, ''));

/** The new password of a restore link, whitespace removed, then the length rules. */
export const restoredPasswordRules = (requiredKey: string) =>
  v.pipe(v.string(requiredKey), withoutWhitespace, passwordRules(requiredKey));

/** The restore-password form; `token` comes from the link in the e-mail, not from the user. */
export const restorePasswordSchema = v.pipeAsync(
  v.object(
    {
      newPassword: restoredPasswordRules('validation.newPasswordRequired'),
      // Compared with the new password as it is checked: without whitespace.
      confirmPassword: v.pipe(
        v.string('validation.confirmPasswordRequired'),
        withoutWhitespace,
        v.nonEmpty('validation.confirmPasswordRequired'),
      ),
      token: v.pipe(
        v.string('validation.invalidOrExpiredLink'),
        v.trim(),
        v.nonEmpty('validation.invalidOrExpiredLink'),
      ),
    },
    'validation.required',
  ),
  mustMatch('newPassword', 'confirmPassword', 'validation.noConfirm'),
  notCommonPasswordAsync('newPassword'),
);
export type RestorePasswordInput = v.InferOutput<typeof restorePasswordSchema>;

import * as v from 'valibot';
import { notCommonPasswordAsync } from './common-password';
import { mustMatch } from './must-match';
import { existingPasswordRules, passwordRules } from './password';

/**
 * All fields required; the length rule is for the new password only: the current one may have
 * been set under an older rule and must still be accepted to change it. Without the
 * common-password list, which the form (below) and the API's body each add their own way.
 */
export const changePasswordFields = v.pipe(
  v.object(
    {
      currentPassword: existingPasswordRules('validation.currentPasswordRequired'),
      newPassword: passwordRules('validation.newPasswordRequired'),
      confirmPassword: existingPasswordRules('validation.confirmPasswordRequired'),
    },
    'validation.required',
  ),
  mustMatch('newPassword', 'confirmPassword', 'validation.noConfirm'),
);

/** The change-password form: its rules, then the common-password list, loaded on first use. */
export const changePasswordSchema = v.pipeAsync(changePasswordFields, notCommonPasswordAsync('newPassword'));
export type ChangePasswordInput = v.InferOutput<typeof changePasswordSchema>;

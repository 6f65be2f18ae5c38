import * as v from 'valibot';
import { mustMatch } from './must-match';
import { existingPasswordRules, passwordRules } from './password';

/**
 * All fields required; the length rule is for the new password only: the current one may have
 * been set under an older, shorter minimum and must still be accepted to change it.
 */
export const changePasswordSchema = v.pipe(
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
export type ChangePasswordInput = v.InferOutput<typeof changePasswordSchema>;

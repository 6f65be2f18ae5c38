import * as v from 'valibot';
import { mustMatch } from './must-match';
import { passwordRules } from './password';

/** The spec's "all fields required, min 6" applies to the current password as well. */
export const changePasswordSchema = v.pipe(
  v.object(
    {
      currentPassword: passwordRules('validation.currentPasswordRequired'),
      newPassword: passwordRules('validation.newPasswordRequired'),
      confirmPassword: passwordRules('validation.confirmPasswordRequired'),
    },
    'validation.required',
  ),
  mustMatch('newPassword', 'confirmPassword', 'validation.noConfirm'),
);
export type ChangePasswordInput = v.InferOutput<typeof changePasswordSchema>;

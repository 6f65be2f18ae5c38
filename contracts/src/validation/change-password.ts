import * as v from 'valibot';
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
  v.forward(
    v.partialCheck(
      [['newPassword'], ['confirmPassword']],
      (form) => form.newPassword === form.confirmPassword,
      'validation.noConfirm',
    ),
    ['confirmPassword'],
  ),
);
export type ChangePasswordInput = v.InferOutput<typeof changePasswordSchema>;

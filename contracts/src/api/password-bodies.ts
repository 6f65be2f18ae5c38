/**
 * The entry `contracts/password-bodies`: the bodies of the calls that set a password, for the API.
 * Apart from the main entry because they hold the common-password list (tens of KB), which a
 * browser loads only when a form needs it; their types are exported by the main entry too.
 */
import * as v from 'valibot';
import { isCommonPassword } from '../common-passwords/index';
import { changePasswordFields } from '../validation/change-password';
import { notCommonPassword } from '../validation/common-password';
import { emailSchema } from '../validation/email';
import { passwordSchema } from '../validation/password';
import { optionalPromoCodeSchema } from '../validation/promo-code';
import { restoredPasswordRules } from '../validation/restore-password';
import { accountTypeSchema, linkTokenSchema } from './auth';

/** POST /api/auth/send-registration-code */
export const sendRegistrationCodeBodySchema = v.pipe(
  v.object(
    {
      email: emailSchema,
      password: passwordSchema,
      accountType: accountTypeSchema,
      promoCode: optionalPromoCodeSchema,
    },
    'validation.required',
  ),
  notCommonPassword('password', isCommonPassword),
);
export type SendRegistrationCodeBody = v.InferInput<typeof sendRegistrationCodeBodySchema>;

/**
 * POST /api/auth/restore-password. The confirmation is the form's business; the server takes the
 * password once, whitespace removed as the form does, so a call from elsewhere stores the same.
 */
export const restorePasswordBodySchema = v.pipe(
  v.object(
    {
      newPassword: restoredPasswordRules('validation.newPasswordRequired'),
      token: linkTokenSchema,
    },
    'validation.required',
  ),
  notCommonPassword('newPassword', isCommonPassword),
);
export type RestorePasswordBody = v.InferInput<typeof restorePasswordBodySchema>;

/** PUT /api/profile/update/password */
export const updatePasswordBodySchema = v.pipe(
  changePasswordFields,
  notCommonPassword('newPassword', isCommonPassword),
);
export type UpdatePasswordBody = v.InferInput<typeof updatePasswordBodySchema>;

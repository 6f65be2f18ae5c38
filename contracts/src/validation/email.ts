import * as v from 'valibot';
import { EMAIL_MAX_LENGTH } from '../constants';

export const emailSchema = v.pipe(
  v.string('validation.emailRequired'),
  v.trim(),
  v.nonEmpty('validation.emailRequired'),
  v.maxLength(EMAIL_MAX_LENGTH, 'validation.invalidEmail'),
  v.email('validation.invalidEmail'),
);

/** The forgot-password form: where to send the restore link. */
export const forgotPasswordSchema = v.object({ email: emailSchema }, 'validation.required');
export type ForgotPasswordInput = v.InferOutput<typeof forgotPasswordSchema>;

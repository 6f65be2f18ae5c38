import * as v from 'valibot';
import { ACCOUNT_TYPES } from '../enums';
import type * as responses from '../responses';
import { changeLoginSchema } from '../validation/change-login';
import { emailSchema, forgotPasswordSchema } from '../validation/email';
import { existingPasswordRules, loginFormSchema } from '../validation/password';
import { registrationCodeSchema } from '../validation/registration-code';

/** Timings of registration codes and restore links, so screens can show them. */
export const AUTH_TIMINGS = {
  /** A registration code works for this long after it was sent. */
  codeTtlSeconds: 10 * 60,
  /** The server refuses another code for this long after the last one. */
  resendCooldownSeconds: 60,
  /** Wrong codes a registration survives; the next one ends it. */
  maxCodeAttempts: 5,
  restoreLinkTtlSeconds: 60 * 60,
  /** The link that confirms a new e-mail address works for this long. */
  emailChangeLinkTtlSeconds: 24 * 60 * 60,
} as const;

export const accountTypeSchema = v.picklist(ACCOUNT_TYPES, 'validation.invalidAccountType');

/** Checked for presence only: a wrong password is the server's answer, not a format error. */
const currentPasswordSchema = existingPasswordRules('validation.passwordRequired');

/** POST /api/auth/resend-registration-code */
export const resendRegistrationCodeBodySchema = v.object({ email: emailSchema }, 'validation.required');
export type ResendRegistrationCodeBody = v.InferInput<typeof resendRegistrationCodeBodySchema>;

/** POST /api/auth/verify-registration-code */
export const verifyRegistrationCodeBodySchema = v.object(
  { email: emailSchema, code: registrationCodeSchema },
  'validation.required',
);
export type VerifyRegistrationCodeBody = v.InferInput<typeof verifyRegistrationCodeBodySchema>;

/** POST /api/auth/login */
export const loginBodySchema = loginFormSchema;
export type LoginBody = v.InferInput<typeof loginBodySchema>;

/** POST /api/auth/send-restore-link */
export const sendRestoreLinkBodySchema = forgotPasswordSchema;
export type SendRestoreLinkBody = v.InferInput<typeof sendRestoreLinkBodySchema>;

/** The token of a link the site mails (restore a password, confirm an address). */
export const linkTokenSchema = v.pipe(
  v.string('validation.invalidOrExpiredLink'),
  v.trim(),
  v.nonEmpty('validation.invalidOrExpiredLink'),
  v.maxLength(200, 'validation.invalidOrExpiredLink'),
);

/** PUT /api/profile/update/email: the new address, confirmed with the account's password. */
export const updateEmailBodySchema = v.object(
  { email: emailSchema, password: currentPasswordSchema },
  'validation.required',
);
export type UpdateEmailBody = v.InferInput<typeof updateEmailBodySchema>;

/** POST /api/profile/confirm-email: the token of the link mailed to the new address. */
export const confirmEmailBodySchema = v.object(
  {
    token: linkTokenSchema,
  },
  'validation.required',
);
export type ConfirmEmailBody = v.InferInput<typeof confirmEmailBodySchema>;

/** PUT /api/profile/update/email */
export type EmailChangeRequestedResponse = v.InferOutput<typeof responses.emailChangeRequested>;

/** PUT /api/profile/update/login */
export const updateLoginBodySchema = changeLoginSchema;
export type UpdateLoginBody = v.InferInput<typeof updateLoginBodySchema>;

/** GET /api/profile, and the answer of every call that signs in or changes the profile. */
export type ProfileResponse = v.InferOutput<typeof responses.profile>;

/**
 * GET /api/auth/session: who is signed in, answered without an error for a guest. `profile` is
 * null for a guest; `canRefresh` says a refresh cookie is there, so POST /api/auth/refresh may
 * bring the session back (an expired access token).
 */
export type SessionResponse = v.InferOutput<typeof responses.session>;

/** POST /api/auth/send-registration-code and resend-registration-code */
export type RegistrationCodeSentResponse = v.InferOutput<typeof responses.registrationCodeSent>;

/** Calls that only succeed or fail (refresh, logout, restore). */
export type OkResponse = v.InferOutput<typeof responses.ok>;

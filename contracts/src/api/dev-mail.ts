import * as v from 'valibot';
import type * as responses from '../responses';
import { emailSchema } from '../validation/email';

export const MAIL_KINDS = [
  'registration_code',
  /** To the owner of an address someone tried to register again: a notice instead of a code. */
  'registration_attempt',
  'password_restore',
  /** To a new address: the link that confirms it before it replaces the old one. */
  'email_change_confirm',
  /** To the current address: a change to another one was asked for. */
  'email_change_requested',
  /** To the owner of an address another account asked to move to: nothing changed. */
  'email_in_use',
  'email_changed',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** Query of GET /api/dev/mail.json (development only): the latest mails, optionally to one address. */
export const devMailQuerySchema = v.object({ to: v.optional(emailSchema) }, 'validation.invalidQuery');
export type DevMailQuery = v.InferInput<typeof devMailQuerySchema>;

export type DevMailMessage = v.InferOutput<typeof responses.devMailMessage>;

/** GET /api/dev/mail.json: newest first, at most 50. */
export type DevMailResponse = v.InferOutput<typeof responses.devMail>;

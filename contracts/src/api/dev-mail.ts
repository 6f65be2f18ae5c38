import * as v from 'valibot';
import type { Locale } from '../enums';
import { emailSchema } from '../validation/email';

export const MAIL_KINDS = ['registration_code', 'password_restore', 'email_changed'] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** Query of GET /api/dev/mail.json (development only): the latest mails, optionally to one address. */
export const devMailQuerySchema = v.object({ to: v.optional(emailSchema) }, 'validation.invalidQuery');
export type DevMailQuery = v.InferInput<typeof devMailQuerySchema>;

export interface DevMailMessage {
  id: number;
  to: string;
  kind: string;
  locale: Locale;
  subject: string;
  text: string;
  /** ISO 8601. */
  createdAt: string;
  /** When SMTP accepted it; null when the outbox was the only delivery. */
  sentAt: string | null;
}

/** GET /api/dev/mail.json: newest first, at most 50. */
export interface DevMailResponse {
  messages: DevMailMessage[];
}

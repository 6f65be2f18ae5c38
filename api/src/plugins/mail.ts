import type { Locale, MailKind } from 'contracts';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import { ApiError } from '../lib/api-error';
import { type MailParams, renderMail } from './mail-templates';

/** What the outbox keeps of a mail's text when bodies are not kept. */
export const REDACTED = '[not kept]';
const DEFAULT_KEEP_DAYS = 7;

export interface MailOptions {
  /** `smtp://user:pass@host:587` or `smtps://...`; without it the outbox table is the delivery. */
  smtpUrl?: string | undefined;
  /** The site's public origin, which links in mails point to. */
  publicUrl: string;
  /** The From header. */
  from?: string | undefined;
  /** One console line per mail (recipient, subject, code or link): how the embedded default delivers. */
  logToConsole?: boolean | undefined;
  /**
   * Keep the text of each mail in the outbox (development: the outbox page shows it). Off in
   * production: codes and restore links must not sit in a table, so only who, what and when is kept.
   */
  keepBodies?: boolean | undefined;
  /** Days a mail stays in the outbox. */
  keepDays?: number | undefined;
}

export interface OutgoingMail {
  to: string;
  kind: MailKind;
  locale: Locale;
  subject: string;
  text: string;
  html?: string;
  /** What the console line shows besides the subject. */
  summary?: string;
}

export interface Mailer {
  /** The site's public origin, without a trailing slash. */
  readonly publicUrl: string;
  /** Stores the mail in the outbox and delivers it; fails with EMAIL_SEND_FAILED (503) if SMTP refuses. */
  send(mail: OutgoingMail): Promise<void>;
  sendTemplate<K extends MailKind>(kind: K, locale: Locale, to: string, params: MailParams[K]): Promise<void>;
  /**
   * Sends without keeping the caller waiting, for answers that must take as long whether or not
   * a mail went out (so they do not reveal which addresses are registered). Failures are logged.
   */
  sendInBackground(task: () => Promise<void>): void;
  /** Resolves once every background mail has been handled (tests, shutdown). */
  idle(): Promise<void>;
}

/**
 * Where every mail is recorded before it is delivered. The dev-mail module provides it (the
 * `mail_outbox` table it also lists) by decorating `mailOutbox` before this plugin is registered:
 * a core plugin names what it needs and does not reach into a module for it.
 */
export interface MailOutbox {
  /** Records a mail and answers its id. */
  record(mail: OutgoingMail): Promise<number>;
  markSent(id: number): Promise<void>;
  markFailed(id: number, error: string): Promise<void>;
  /** Forgets mails older than `days` days; answers how many. */
  purgeOlderThan(days: number): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: Mailer;
    mailOutbox: MailOutbox;
  }
}

const DEFAULT_FROM = 'Anketa <no-reply@anketa.local>';

/**
 * Mail through nodemailer. Every mail is recorded in `mail_outbox`; with SMTP configured it is
 * also handed to the server and `sent_at` records when the server took it. Without SMTP the
 * outbox (and the console, and the development page /api/dev/mail) is how codes and links reach
 * a person on a fresh machine.
 */
export const mailPlugin = fp<MailOptions>(
  async (fastify, options) => {
    const transport: Transporter | null = options.smtpUrl
      ? nodemailer.createTransport(options.smtpUrl)
      : null;
    const from = options.from ?? DEFAULT_FROM;
    const pending = new Set<Promise<void>>();
    const outbox = fastify.mailOutbox;

    const mailer: Mailer = {
      publicUrl: options.publicUrl.replace(/\/+$/, ''),

      async send(mail) {
        const keepBodies = options.keepBodies ?? true;
        const id = await outbox.record(keepBodies ? mail : { ...mail, text: REDACTED, html: undefined });

        if (!transport) {
          if (options.logToConsole) {
            console.log(`[mail] to ${mail.to}: ${mail.subject}${mail.summary ? ` — ${mail.summary}` : ''}`);
          }
          return;
        }
        try {
          await transport.sendMail({
            from,
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            ...(mail.html ? { html: mail.html } : {}),
          });
          await outbox.markSent(id);
        } catch (error) {
          fastify.log.error({ err: error, kind: mail.kind }, 'SMTP refused a mail');
          await outbox.markFailed(id, String((error as Error).message ?? error));
          throw new ApiError(503, 'EMAIL_SEND_FAILED');
        }
      },

      async sendTemplate(kind, locale, to, params) {
        const rendered = renderMail(kind, locale, params);
        await mailer.send({ to, kind, locale, ...rendered });
      },

      sendInBackground(task) {
        const running = task()
          .catch((error: unknown) => {
            if (!(error instanceof ApiError)) fastify.log.error({ err: error }, 'background mail failed');
          })
          .finally(() => pending.delete(running));
        pending.add(running);
      },

      async idle() {
        while (pending.size > 0) await Promise.all([...pending]);
      },
    };

    fastify.decorate('mail', mailer);
    const purge = () =>
      outbox
        .purgeOlderThan(options.keepDays ?? DEFAULT_KEEP_DAYS)
        .catch((error: unknown) => fastify.log.error({ err: error }, 'could not purge the outbox'));
    fastify.addHook('onReady', async () => {
      await purge();
    });
    const daily = setInterval(() => void purge(), 24 * 60 * 60 * 1000);
    daily.unref();
    fastify.addHook('onClose', async () => {
      clearInterval(daily);
      await mailer.idle();
      transport?.close();
    });
  },
  { name: 'mail', dependencies: ['mail-outbox'] },
);

import type { DevMailMessage, Locale } from 'contracts';
import { desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';

export interface OutboxMail {
  to: string;
  kind: string;
  locale: Locale;
  subject: string;
  text: string;
  html?: string | undefined;
}

/**
 * `mail_outbox`: every mail the site sends (the mail plugin writes it) and what /api/dev/mail
 * lists in development.
 */
export function createOutboxRepository(db: Database) {
  return {
    async record(mail: OutboxMail): Promise<number> {
      const [row] = await db
        .insert(mailOutbox)
        .values({
          toAddress: mail.to,
          kind: mail.kind,
          locale: mail.locale,
          subject: mail.subject,
          textBody: mail.text,
          htmlBody: mail.html ?? null,
        })
        .returning({ id: mailOutbox.id });
      if (!row) throw new Error('outbox insert returned nothing');
      return row.id;
    },

    async markSent(id: number): Promise<void> {
      await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, id));
    },

    async markFailed(id: number, error: string): Promise<void> {
      await db
        .update(mailOutbox)
        .set({ error: error.slice(0, 500) })
        .where(eq(mailOutbox.id, id));
    },

    /** Forgets mails older than `days` days: their codes and links are long dead anyway. */
    async purgeOlderThan(days: number): Promise<number> {
      const removed = await db
        .delete(mailOutbox)
        .where(sql`${mailOutbox.createdAt} < now() - make_interval(days => ${days})`)
        .returning({ id: mailOutbox.id });
      return removed.length;
    },

    /** The latest `limit` mails, newest first, optionally only those to one address. */
    async latest(limit: number, to?: string): Promise<DevMailMessage[]> {
      const rows = await db
        .select()
        .from(mailOutbox)
        .where(to ? sql`lower(${mailOutbox.toAddress}) = lower(${to})` : undefined)
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(limit);
      return rows.map((row) => ({
        id: row.id,
        to: row.toAddress,
        kind: row.kind,
        locale: row.locale,
        subject: row.subject,
        text: row.textBody,
        createdAt: row.createdAt.toISOString(),
        sentAt: row.sentAt?.toISOString() ?? null,
      }));
    },
  };
}

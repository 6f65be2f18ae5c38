import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema';
import { createTestApp } from '../testing/create-test-app';
import { REDACTED } from './mail';

describe('the mail outbox', () => {
  it('keeps who, what and when but not the text (codes, links) where bodies are not kept', async () => {
    const t = await createTestApp({ keepMailBodies: false });
    try {
      await t.app.ready();
      await t.app.mail.send({
        to: 'anna@example.test',
        kind: 'password_restore',
        locale: 'ru',
        subject: 'Восстановление пароля',
        text: 'Ссылка: http://localhost/restore-password?token=secret-token',
        html: '<a href="http://localhost/restore-password?token=secret-token">link</a>',
      });
      const [row] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'anna@example.test'));
      expect(row).toMatchObject({ kind: 'password_restore', subject: 'Восстановление пароля' });
      expect(row?.textBody).toBe(REDACTED);
      expect(row?.htmlBody).toBeNull();
    } finally {
      await t.close();
    }
  });

  it('forgets mails older than a week when it starts', async () => {
    const t = await createTestApp();
    try {
      await t.db.insert(mailOutbox).values([
        {
          toAddress: 'old@example.test',
          kind: 'registration_code',
          locale: 'ru',
          subject: 's',
          textBody: '123456',
        },
        {
          toAddress: 'new@example.test',
          kind: 'registration_code',
          locale: 'ru',
          subject: 's',
          textBody: '654321',
        },
      ]);
      await t.db
        .update(mailOutbox)
        .set({ createdAt: sql`now() - interval '8 days'` })
        .where(eq(mailOutbox.toAddress, 'old@example.test'));
      await t.app.ready();
      const rows = await t.db.select({ to: mailOutbox.toAddress }).from(mailOutbox);
      expect(rows.map((row) => row.to)).toEqual(['new@example.test']);
    } finally {
      await t.close();
    }
  });
});

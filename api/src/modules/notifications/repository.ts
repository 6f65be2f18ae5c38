import type { NotificationKind } from 'contracts';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, notifications } from '../../db/schema';

export type StoredParams = Record<string, string | number>;

export function createNotificationRepository(db: Database) {
  return {
    /** `executor` (a transaction) commits the notification together with the change it reports. */
    async insert(
      accountId: number,
      kind: NotificationKind,
      params: StoredParams,
      executor: Database = db,
    ): Promise<{ id: number }> {
      const [row] = await executor
        .insert(notifications)
        .values({ accountId, kind, params })
        .returning({ id: notifications.id });
      if (!row) throw new Error('notification insert returned nothing');
      return row;
    },

    /** One page of the account's notifications, newest first. */
    page(accountId: number, limit: number, offset: number) {
      return db
        .select()
        .from(notifications)
        .where(eq(notifications.accountId, accountId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit)
        .offset(offset);
    },

    async count(accountId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(eq(notifications.accountId, accountId));
      return row?.n ?? 0;
    },

    async unreadCount(accountId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.accountId, accountId), isNull(notifications.readAt)));
      return row?.n ?? 0;
    },

    /** Marks the account's unread ones among `ids` read; answers how many changed. */
    async markRead(accountId: number, ids: number[]): Promise<number> {
      const updated = await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(
          and(
            eq(notifications.accountId, accountId),
            inArray(notifications.id, ids),
            isNull(notifications.readAt),
          ),
        )
        .returning({ id: notifications.id });
      return updated.length;
    },

    /** Names of the cities with these slugs, in both languages. */
    cityNames(slugs: string[]) {
      return db
        .select({ slug: cities.slug, nameRu: cities.nameRu, nameEn: cities.nameEn })
        .from(cities)
        .where(inArray(cities.slug, slugs));
    },
  };
}

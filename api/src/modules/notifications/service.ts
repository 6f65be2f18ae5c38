import {
  type Locale,
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationItem,
  type NotificationKind,
  type NotificationListQuery,
  type NotificationListResponse,
  type NotificationParamsByKind,
} from 'contracts';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cities, notifications } from '../../db/schema';
import { type CityNames, placeholdersOf, renderNotification } from './texts';

/** What callers pass: as stored, except that dates may be given as Date objects. */
export type NotifyParams<K extends NotificationKind> = {
  [P in keyof NotificationParamsByKind[K]]: P extends 'until'
    ? string | Date
    : NotificationParamsByKind[K][P];
};

type StoredParams = Record<string, string | number>;

export function createNotificationService(db: Database) {
  async function cityNamesFor(
    rows: { kind: NotificationKind; params: StoredParams }[],
    locale: Locale,
  ): Promise<CityNames> {
    const slugs = [...new Set(rows.flatMap((row) => (row.params.city ? [String(row.params.city)] : [])))];
    if (slugs.length === 0) return new Map();
    const found = await db
      .select({ slug: cities.slug, nameRu: cities.nameRu, nameEn: cities.nameEn })
      .from(cities)
      .where(inArray(cities.slug, slugs));
    return new Map(found.map((city) => [city.slug, locale === 'ru' ? city.nameRu : city.nameEn]));
  }

  async function unreadCount(accountId: number): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.accountId, accountId), isNull(notifications.readAt)));
    return row?.n ?? 0;
  }

  return {
    /**
     * Tells an account something happened. Pass `executor` (a transaction) to commit the
     * notification together with the change it reports.
     */
    async notify<K extends NotificationKind>(
      accountId: number,
      kind: K,
      params: NotifyParams<K>,
      executor: Database = db,
    ): Promise<{ id: number }> {
      const stored: StoredParams = {};
      for (const [name, value] of Object.entries(params as Record<string, unknown>)) {
        if (value instanceof Date) stored[name] = value.toISOString();
        else if (typeof value === 'string' || typeof value === 'number') stored[name] = value;
      }
      const missing = placeholdersOf(kind).filter(
        (name) => stored[name] === undefined || stored[name] === '',
      );
      if (missing.length > 0) throw new Error(`notification ${kind} is missing ${missing.join(', ')}`);
      const [row] = await executor
        .insert(notifications)
        .values({ accountId, kind, params: stored })
        .returning({ id: notifications.id });
      if (!row) throw new Error('notification insert returned nothing');
      return row;
    },

    /** The account's notifications, newest first, with texts in `locale`. */
    async list(
      accountId: number,
      query: NotificationListQuery,
      locale: Locale,
    ): Promise<NotificationListResponse> {
      const page = query.page ?? 1;
      const perPage = query.perPage ?? NOTIFICATIONS_PAGE_SIZE;
      const [rows, totals, unread] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(eq(notifications.accountId, accountId))
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(perPage)
          .offset((page - 1) * perPage),
        db.select({ n: count() }).from(notifications).where(eq(notifications.accountId, accountId)),
        unreadCount(accountId),
      ]);
      const cityNames = await cityNamesFor(rows, locale);
      const total = totals[0]?.n ?? 0;
      return {
        items: rows.map(
          (row) =>
            ({
              id: row.id,
              kind: row.kind,
              params: row.params,
              ...renderNotification(locale, row.kind, row.params, cityNames),
              read: row.readAt !== null,
              createdAt: row.createdAt.toISOString(),
            }) as NotificationItem,
        ),
        total,
        page,
        perPage,
        pageCount: Math.ceil(total / perPage),
        unreadCount: unread,
      };
    },

    unreadCount,

    /**
     * Marks the named notifications read; ids of other accounts' notifications, unknown ids and
     * ones already read are skipped. Answers how many changed.
     */
    async markRead(accountId: number, ids: number[]): Promise<number> {
      if (ids.length === 0) return 0;
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
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;

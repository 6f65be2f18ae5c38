import {
  type Locale,
  NOTIFICATIONS_PAGE_SIZE,
  type NotificationItem,
  type NotificationKind,
  type NotificationListQuery,
  type NotificationListResponse,
  type NotificationParamsByKind,
} from 'contracts';
import type { Database } from '../../db/client';
import { createNotificationRepository, type StoredParams } from './repository';
import { type CityNames, placeholdersOf, renderNotification } from './texts';

/** What callers pass: as stored, except that dates may be given as Date objects. */
export type NotifyParams<K extends NotificationKind> = {
  [P in keyof NotificationParamsByKind[K]]: P extends 'until'
    ? string | Date
    : NotificationParamsByKind[K][P];
};

export function createNotificationService(db: Database) {
  const repository = createNotificationRepository(db);

  async function cityNamesFor(
    rows: { kind: NotificationKind; params: StoredParams }[],
    locale: Locale,
  ): Promise<CityNames> {
    const slugs = [...new Set(rows.flatMap((row) => (row.params.city ? [String(row.params.city)] : [])))];
    if (slugs.length === 0) return new Map();
    const found = await repository.cityNames(slugs);
    return new Map(found.map((city) => [city.slug, locale === 'ru' ? city.nameRu : city.nameEn]));
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
      return repository.insert(accountId, kind, stored, executor);
    },

    /** The account's notifications, newest first, with texts in `locale`. */
    async list(
      accountId: number,
      query: NotificationListQuery,
      locale: Locale,
    ): Promise<NotificationListResponse> {
      const page = query.page ?? 1;
      const perPage = query.perPage ?? NOTIFICATIONS_PAGE_SIZE;
      const [rows, total, unread] = await Promise.all([
        repository.page(accountId, perPage, (page - 1) * perPage),
        repository.count(accountId),
        repository.unreadCount(accountId),
      ]);
      const cityNames = await cityNamesFor(rows, locale);
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

    unreadCount: (accountId: number): Promise<number> => repository.unreadCount(accountId),

    /**
     * Marks the named notifications read; ids of other accounts' notifications, unknown ids and
     * ones already read are skipped. Answers how many changed.
     */
    async markRead(accountId: number, ids: number[]): Promise<number> {
      return ids.length === 0 ? 0 : repository.markRead(accountId, ids);
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;

import * as v from 'valibot';
import type * as responses from '../responses';
import { pageQueryEntries } from '../common';
import type { NotificationKind } from '../enums';

export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_MAX_PAGE_SIZE = 100;
/** How many notifications one PATCH /notifications/mark-multiple may name. */
export const MARK_NOTIFICATIONS_MAX = 100;
/** The ids are PostgreSQL `integer`s; anything larger can name no row. */
const MAX_ID = 2_147_483_647;

/** Query of GET /api/notifications. */
export const notificationListQuerySchema = v.object(
  pageQueryEntries(NOTIFICATIONS_MAX_PAGE_SIZE),
  'validation.invalidQuery',
);
export type NotificationListQueryInput = v.InferInput<typeof notificationListQuerySchema>;
export type NotificationListQuery = v.InferOutput<typeof notificationListQuerySchema>;

const notificationId = v.pipe(
  v.number('validation.invalidNotificationId'),
  v.integer('validation.invalidNotificationId'),
  v.minValue(1, 'validation.invalidNotificationId'),
  v.maxValue(MAX_ID, 'validation.invalidNotificationId'),
);

/** Body of PATCH /api/notifications/mark-multiple: 1 to 100 distinct ids. */
export const markNotificationsSchema = v.object(
  {
    notificationIds: v.pipe(
      v.array(notificationId, 'validation.notificationIdsRequired'),
      v.minLength(1, 'validation.notificationIdsRequired'),
      v.maxLength(MARK_NOTIFICATIONS_MAX, 'validation.tooManyNotificationIds'),
      v.check((ids) => new Set(ids).size === ids.length, 'validation.duplicateNotificationIds'),
    ),
  },
  'validation.required',
);
export type MarkNotificationsInput = v.InferOutput<typeof markNotificationsSchema>;

/** What each kind of notification carries (see `responseSchemas.notificationParams`). */
export type NotificationParamsByKind = {
  [K in NotificationKind]: v.InferOutput<(typeof responses.notificationParams)[K]>;
};
export type NotificationParams<K extends NotificationKind = NotificationKind> = NotificationParamsByKind[K];

/** One notification as GET /api/notifications lists it; `title` and `text` are translated. */
export type NotificationItem = {
  [K in NotificationKind]: v.InferOutput<ReturnType<typeof responses.notificationItemOf<K>>>;
}[NotificationKind];

/** GET /api/notifications: newest first. */
export type NotificationListResponse = Omit<v.InferOutput<typeof responses.notificationList>, 'items'> & {
  items: NotificationItem[];
};

/** GET /api/notifications/unread-count */
export type UnreadCountResponse = v.InferOutput<typeof responses.unreadCount>;

/** PATCH /api/notifications/mark-multiple: how many of the caller's unread ones became read. */
export type MarkNotificationsResponse = v.InferOutput<typeof responses.markNotifications>;

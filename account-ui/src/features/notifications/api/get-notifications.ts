import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { NOTIFICATIONS_PAGE_SIZE, type NotificationListResponse } from 'contracts';
import { api } from 'platform';

export const notificationKeys = {
  all: ['notifications', 'list'] as const,
  /** Texts come translated: each language is its own entry. */
  page: (page: number, language: string) => [...notificationKeys.all, { page, language }] as const,
};

export const getNotifications = (page: number, signal?: AbortSignal) =>
  api.get<NotificationListResponse>('/notifications', { page, perPage: NOTIFICATIONS_PAGE_SIZE }, signal);

export const notificationsQueryOptions = (page: number, language: string) =>
  queryOptions({
    queryKey: notificationKeys.page(page, language),
    queryFn: ({ signal }) => getNotifications(page, signal),
  });

/** One page of the account's notifications, newest first; the previous page stays while the next loads. */
export const useNotifications = (page: number, language: string) =>
  useQuery({ ...notificationsQueryOptions(page, language), placeholderData: keepPreviousData });

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MarkNotificationsResponse } from 'contracts';
import { api, unreadCountQueryOptions } from 'platform';
import { notificationKeys } from './get-notifications';

export const markNotifications = (notificationIds: number[]) =>
  api.patch<MarkNotificationsResponse>('/notifications/mark-multiple', { notificationIds });

/**
 * PATCH /notifications/mark-multiple with every id at once. Afterwards the lists (their read
 * markers) and the unread count (the cabinet's and the shell's badges) are read again.
 */
export function useMarkNotifications() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotifications,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: unreadCountQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
      ]),
  });
}

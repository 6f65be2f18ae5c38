import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../http/client';
import { sessionKeys, useSession } from './session';

export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: [...sessionKeys.all, 'notifications', 'unread-count'],
    queryFn: ({ signal }) =>
      api.get<{ unreadCount: number }>('/notifications/unread-count', undefined, signal),
    refetchInterval: 60_000,
  });

/** Unread notifications of the signed-in account; 0 for guests. */
export function useUnreadCount(): number {
  const session = useSession();
  const query = useQuery({ ...unreadCountQueryOptions(), enabled: session.status === 'authenticated' });
  return query.data?.unreadCount ?? 0;
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from 'platform';
import { adminKeys } from './admin-keys';

/** What waits for a moderator in each queue. */
export interface AdminCounts {
  profiles: number;
  campaigns: number;
  complaints: number;
}

/** GET /admin-panel/counts: what waits for a moderator, for the menu's badges. */
export const getCounts = (signal?: AbortSignal) =>
  api.get<AdminCounts>('/admin-panel/counts', undefined, signal);

/** Read again every half minute while the admin area is open, so the badges follow the queue. */
export const countsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.counts(),
    queryFn: ({ signal }) => getCounts(signal),
    refetchInterval: 30_000,
  });

export const useCounts = () => useQuery(countsQueryOptions());

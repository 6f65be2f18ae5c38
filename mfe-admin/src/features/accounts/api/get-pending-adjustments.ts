import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminBalanceAdjustmentList } from 'contracts';
import { api } from 'platform';
import { recordsKeys } from '../../../api/records-keys';

/**
 * GET /admin-panel/adjustments?accountId=: the adjustments waiting for a second administrator, of
 * one account or (without it) of all.
 */
export const getPendingAdjustments = (accountId: number | undefined, signal?: AbortSignal) =>
  api.get<AdminBalanceAdjustmentList>('/admin-panel/adjustments', { accountId }, signal);

export const pendingAdjustmentsQueryOptions = (accountId?: number) =>
  queryOptions({
    queryKey: recordsKeys.pendingAdjustments(accountId ?? 'all'),
    queryFn: ({ signal }) => getPendingAdjustments(accountId, signal),
  });

export const usePendingAdjustments = (accountId?: number) =>
  useQuery(pendingAdjustmentsQueryOptions(accountId));

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminBalanceAdjustmentList } from 'contracts';
import { api } from 'platform';
import { recordsKeys } from '../../../api/records-keys';

/** GET /admin-panel/adjustments?accountId=: an account's adjustments waiting for a second administrator. */
export const getPendingAdjustments = (accountId: number, signal?: AbortSignal) =>
  api.get<AdminBalanceAdjustmentList>('/admin-panel/adjustments', { accountId }, signal);

export const pendingAdjustmentsQueryOptions = (accountId: number) =>
  queryOptions({
    queryKey: recordsKeys.pendingAdjustments(accountId),
    queryFn: ({ signal }) => getPendingAdjustments(accountId, signal),
  });

export const usePendingAdjustments = (accountId: number) =>
  useQuery(pendingAdjustmentsQueryOptions(accountId));

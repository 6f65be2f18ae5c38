import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdjustmentBody, AdminAccountDetails, AdminAdjustmentPending } from 'contracts';
import { api } from 'platform';
import { recordsKeys } from '../../../api/records-keys';

/**
 * POST /admin-panel/accounts/:id/adjustments: a new ledger entry (never an edit) of `amount`
 * rubles, negative to take away, with the reason the ledger keeps. Answers the details after it,
 * or, above the approval threshold, the pending request that waits for a second administrator.
 */
export const adjustBalance = (id: number, body: AdjustmentBody) =>
  api.post<AdminAccountDetails | AdminAdjustmentPending>(
    `/admin-panel/accounts/${encodeURIComponent(id)}/adjustments`,
    body,
  );

export const isPending = (
  answer: AdminAccountDetails | AdminAdjustmentPending,
): answer is AdminAdjustmentPending => 'adjustment' in answer;

export function useAdjustBalance(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdjustmentBody) => adjustBalance(id, body),
    onSuccess: (answer) => {
      if (isPending(answer)) {
        void queryClient.invalidateQueries({ queryKey: recordsKeys.adjustments() });
      } else {
        queryClient.setQueryData(recordsKeys.account(id), answer);
      }
      void queryClient.invalidateQueries({ queryKey: recordsKeys.audit() });
    },
  });
}

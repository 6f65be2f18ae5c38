import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminBalanceAdjustment } from 'contracts';
import { api } from 'platform';
import { recordsKeys } from '../../../api/records-keys';

export type AdjustmentDecision = 'approve' | 'decline';

/**
 * POST /admin-panel/adjustments/:id/approve (posts it to the ledger, once) or /decline (nothing
 * moves). The server refuses an approval by the administrator who asked for it.
 */
export const decideAdjustment = (id: number, decision: AdjustmentDecision) =>
  api.post<AdminBalanceAdjustment>(`/admin-panel/adjustments/${encodeURIComponent(id)}/${decision}`);

export function useDecideAdjustment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: AdjustmentDecision; accountId: number }) =>
      decideAdjustment(id, decision),
    onSettled: (_answer, _error, { accountId }) => {
      void queryClient.invalidateQueries({ queryKey: recordsKeys.adjustments() });
      void queryClient.invalidateQueries({ queryKey: recordsKeys.account(accountId) });
      void queryClient.invalidateQueries({ queryKey: recordsKeys.audit() });
    },
  });
}

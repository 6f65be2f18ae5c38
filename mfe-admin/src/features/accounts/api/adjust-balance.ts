import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdjustmentBody, AdminAccountDetails } from 'contracts';
import { api } from 'platform';
import { recordsKeys } from '../../../api/records-keys';

/**
 * POST /admin-panel/accounts/:id/adjustments: a new ledger entry (never an edit) of `amount`
 * rubles, negative to take away, with the reason the ledger keeps. Answers the details after it.
 */
export const adjustBalance = (id: number, body: AdjustmentBody) =>
  api.post<AdminAccountDetails>(`/admin-panel/accounts/${encodeURIComponent(id)}/adjustments`, body);

export function useAdjustBalance(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdjustmentBody) => adjustBalance(id, body),
    onSuccess: (details) => {
      queryClient.setQueryData(recordsKeys.account(id), details);
      void queryClient.invalidateQueries({ queryKey: recordsKeys.audit() });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminAccountDetails, ReasonBody } from 'contracts';
import { api } from 'platform';
import { recordsKeys } from '../../../api/records-keys';

/**
 * POST /admin-panel/accounts/:id/block with the comment the model reads: her profiles hide, her
 * stream ends. Answers the account's details after the change.
 */
export const blockAccount = (id: number, body: ReasonBody) =>
  api.post<AdminAccountDetails>(`/admin-panel/accounts/${encodeURIComponent(id)}/block`, body);

export function useBlockAccount(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReasonBody) => blockAccount(id, body),
    onSuccess: (details) => {
      queryClient.setQueryData(recordsKeys.account(id), details);
      void queryClient.invalidateQueries({ queryKey: recordsKeys.accounts(), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: recordsKeys.audit() });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminAccountDetails } from 'contracts';
import { api } from 'platform';
import { recordsKeys } from '../../../api/records-keys';

/**
 * POST /admin-panel/accounts/:id/unblock (no body: the server takes no comment for it). The
 * profiles blocked with the account come back; answers the account's details after the change.
 */
export const unblockAccount = (id: number) =>
  api.post<AdminAccountDetails>(`/admin-panel/accounts/${encodeURIComponent(id)}/unblock`);

export function useUnblockAccount(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => unblockAccount(id),
    onSuccess: (details) => {
      queryClient.setQueryData(recordsKeys.account(id), details);
      void queryClient.invalidateQueries({ queryKey: recordsKeys.accounts(), refetchType: 'none' });
      void queryClient.invalidateQueries({ queryKey: recordsKeys.audit() });
    },
  });
}

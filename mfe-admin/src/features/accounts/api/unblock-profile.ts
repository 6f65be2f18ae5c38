import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProfile } from 'contracts';
import { api } from 'platform';
import { recordsKeys } from '../../../api/records-keys';

/** POST /admin-panel/profiles/:id/unblock: its status before the block comes back. */
export const unblockProfile = (id: number) =>
  api.post<AdminProfile>(`/admin-panel/profiles/${encodeURIComponent(id)}/unblock`);

/** Unblocks a profile shown on an account's page; that page is read again. */
export function useUnblockProfile(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unblockProfile,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: recordsKeys.account(accountId) });
      void queryClient.invalidateQueries({ queryKey: recordsKeys.audit() });
    },
  });
}

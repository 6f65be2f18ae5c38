import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProfile, ReasonBody } from 'contracts';
import { api } from 'platform';
import { recordsKeys } from '../../../api/records-keys';

/** POST /admin-panel/profiles/:id/block with the reason its owner reads: hidden, its stream ended. */
export const blockProfile = (id: number, body: ReasonBody) =>
  api.post<AdminProfile>(`/admin-panel/profiles/${encodeURIComponent(id)}/block`, body);

/** Blocks a profile shown on an account's page; that page is read again. */
export function useBlockProfile(accountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: ReasonBody }) => blockProfile(id, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: recordsKeys.account(accountId) });
      void queryClient.invalidateQueries({ queryKey: recordsKeys.audit() });
    },
  });
}

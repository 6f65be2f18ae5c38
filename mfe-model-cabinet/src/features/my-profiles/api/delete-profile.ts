import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnProfileList } from 'contracts';
import { api, sessionKeys } from 'platform';
import { ownProfileKeys } from '../../../api/own-profiles';

/** DELETE /api/profiles/{id}: the profile and its files; a prepaid month never started is refunded. */
export const deleteProfile = (id: number) => api.delete<{ ok: true }>(`/profiles/${id}`);

export function useDeleteProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: number; refunded: boolean }) => deleteProfile(id),
    onSuccess: (_answer, { id, refunded }) => {
      queryClient.setQueryData<OwnProfileList>(ownProfileKeys.list(), (list) =>
        list ? { items: list.items.filter((item) => item.id !== id) } : list,
      );
      queryClient.removeQueries({ queryKey: ownProfileKeys.detail(id) });
      // The answer says nothing of the balance: a refund is read back with the session.
      if (refunded) void queryClient.invalidateQueries({ queryKey: sessionKeys.profile() });
    },
  });
}

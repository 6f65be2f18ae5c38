import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnMediaList, OwnProfile } from 'contracts';
import { api } from 'platform';
import { ownProfileKeys } from '../../../api/own-profiles';

/** PUT /api/profiles/{id}/media/order: every file id, the main photo first. */
export const reorderMedia = (id: number, ids: number[]) =>
  api.put<OwnMediaList>(`/profiles/${id}/media/order`, { ids });

export function useReorderMedia(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => reorderMedia(id, ids),
    onSuccess: ({ items }) => {
      queryClient.setQueryData<OwnProfile>(ownProfileKeys.detail(id), (profile) =>
        profile ? { ...profile, media: items } : profile,
      );
      // The order is part of what is sent: whether the profile changed is the server's to say.
      void queryClient.invalidateQueries({ queryKey: ownProfileKeys.detail(id) });
    },
  });
}

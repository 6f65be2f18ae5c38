import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnMediaList, OwnProfile } from 'contracts';
import { api } from 'platform';
import { ownProfileKeys } from '../../../api/own-profiles';

/** DELETE /api/profiles/{id}/media/{mediaId}: answers the files that remain, in order. */
export const deleteMedia = (id: number, mediaId: number) =>
  api.delete<OwnMediaList>(`/profiles/${id}/media/${mediaId}`);

export function useDeleteMedia(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mediaId: number) => deleteMedia(id, mediaId),
    onSuccess: ({ items }) => {
      queryClient.setQueryData<OwnProfile>(ownProfileKeys.detail(id), (profile) =>
        profile ? { ...profile, media: items } : profile,
      );
      void queryClient.invalidateQueries({ queryKey: ownProfileKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: ownProfileKeys.list() });
    },
  });
}

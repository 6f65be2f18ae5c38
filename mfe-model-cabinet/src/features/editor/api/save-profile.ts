import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnProfile, ProfileDraft } from 'contracts';
import { api } from 'platform';
import { ownProfileKeys } from '../../../api/own-profiles';

/** PUT /api/profiles/{id}: the working version as the form holds it (blank fields allowed). */
export const saveProfile = (id: number, draft: ProfileDraft) => api.put<OwnProfile>(`/profiles/${id}`, draft);

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, draft }: { id: number; draft: ProfileDraft }) => saveProfile(id, draft),
    onSuccess: (profile) => {
      queryClient.setQueryData(ownProfileKeys.detail(profile.id), profile);
      void queryClient.invalidateQueries({ queryKey: ownProfileKeys.list() });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnProfile, ProfileDraft } from 'contracts';
import { api } from 'platform';
import { ownProfileKeys } from '../../../api/own-profiles';

/** POST /api/profiles: a new profile (draft) from the form's first fields, name and category. */
export const createProfile = (draft: ProfileDraft) => api.post<OwnProfile>('/profiles', draft);

export function useCreateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(ownProfileKeys.detail(profile.id), profile);
      void queryClient.invalidateQueries({ queryKey: ownProfileKeys.list() });
    },
  });
}

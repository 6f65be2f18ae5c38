import { applyBalance } from 'account-ui';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnProfile } from 'contracts';
import { api, sessionKeys } from 'platform';
import { ownProfileKeys } from '../../../api/own-profiles';

interface SubmitAnswer {
  profile: OwnProfile;
  balance: number;
}

/** POST /api/profiles/{id}/submit: send for moderation (the first time it pays the first month). */
export const submitProfile = (id: number) => api.post<SubmitAnswer>(`/profiles/${id}/submit`);

export function useSubmitProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitProfile,
    onSuccess: ({ profile, balance }) => {
      queryClient.setQueryData(ownProfileKeys.detail(profile.id), profile);
      applyBalance(queryClient, balance);
      void queryClient.invalidateQueries({ queryKey: ownProfileKeys.all });
      void queryClient.invalidateQueries({ queryKey: sessionKeys.profile() });
    },
  });
}

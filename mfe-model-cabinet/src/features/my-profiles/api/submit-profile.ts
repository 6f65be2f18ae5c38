import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnProfile } from 'contracts';
import { api } from 'platform';
import { applyPurchase } from '../../../lib/profiles-cache';

/** POST /api/profiles/{id}/submit: send for moderation (or resend); a first send pays its month. */
export const submitProfile = (id: number) =>
  api.post<{ profile: OwnProfile; balance: number }>(`/profiles/${id}/submit`);

export function useSubmitProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => submitProfile(id),
    onSuccess: (answer) => applyPurchase(queryClient, answer),
  });
}

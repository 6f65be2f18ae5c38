import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnProfile } from 'contracts';
import { api } from 'platform';
import { applyPurchase } from '../../../lib/profiles-cache';

/** POST /api/profiles/{id}/extend: one more month of publication, paid from the balance. */
export const extendProfile = (id: number) =>
  api.post<{ profile: OwnProfile; balance: number }>(`/profiles/${id}/extend`);

export function useExtendProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => extendProfile(id),
    onSuccess: (answer) => applyPurchase(queryClient, answer),
  });
}

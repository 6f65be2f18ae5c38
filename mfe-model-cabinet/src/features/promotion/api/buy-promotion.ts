import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnProfile } from 'contracts';
import { api } from 'platform';
import { applyPurchase } from '../../../lib/profiles-cache';

export type Promotion = 'top' | 'bump' | 'video';

/** POST /api/profiles/{id}/top | bump | video: paid from the balance, listed profiles only. */
export const buyPromotion = (id: number, promotion: Promotion) =>
  api.post<{ profile: OwnProfile; balance: number }>(`/profiles/${id}/${promotion}`);

export function useBuyPromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, promotion }: { id: number; promotion: Promotion }) => buyPromotion(id, promotion),
    onSuccess: (answer) => applyPurchase(queryClient, answer),
  });
}

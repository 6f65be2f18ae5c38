import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPromoCode } from 'contracts';
import { api } from 'platform';
import { recordsKeys } from '../../../api/records-keys';

/** POST /admin-panel/promo-codes/:id/deactivate: off for good (again: no change). */
export const deactivatePromoCode = (id: number) =>
  api.post<AdminPromoCode>(`/admin-panel/promo-codes/${encodeURIComponent(id)}/deactivate`);

export function useDeactivatePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivatePromoCode,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: recordsKeys.promoCodes() });
      void queryClient.invalidateQueries({ queryKey: recordsKeys.audit() });
    },
  });
}

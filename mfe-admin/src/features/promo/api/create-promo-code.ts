import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPromoCode, PromoCodeCreateBody } from 'contracts';
import { api } from 'platform';
import { recordsKeys } from '../../../api/records-keys';

/** POST /admin-panel/promo-codes: 201 the code (stored upper-case); 409 PROMO_CODE_EXISTS. */
export const createPromoCode = (body: PromoCodeCreateBody) =>
  api.post<AdminPromoCode>('/admin-panel/promo-codes', body);

export function useCreatePromoCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPromoCode,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: recordsKeys.promoCodes() });
      void queryClient.invalidateQueries({ queryKey: recordsKeys.audit() });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PromoActivateResponse, PromoCodeBody } from 'contracts';
import { api } from 'platform';
import { applyBalance } from '../../../lib/balance';

export const activatePromo = (body: PromoCodeBody) =>
  api.post<PromoActivateResponse>('/promo/activate', body);

/**
 * POST /promo/activate. The answer carries the balance after it: written into the session at once,
 * so the layout and the shell show a credited balance promo without another call.
 */
export function useActivatePromo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: activatePromo,
    onSuccess: (answer) => applyBalance(queryClient, answer.balance),
  });
}

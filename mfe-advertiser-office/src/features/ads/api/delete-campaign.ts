import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applyBalance } from 'account-ui';
import { api } from 'platform';
import { campaignKeys } from '../../../api/campaign-keys';

/** DELETE /campaigns/:id: a paid campaign that has not started is refunded; the balance comes back. */
export const deleteCampaign = (id: number) =>
  api.delete<{ balance: number }>(`/campaigns/${encodeURIComponent(id)}`);

export function useDeleteCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCampaign,
    onSuccess: ({ balance }, id) => {
      applyBalance(queryClient, balance);
      queryClient.removeQueries({ queryKey: campaignKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: campaignKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ['campaigns', 'stats'] });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applyBalance } from 'account-ui';
import { api } from 'platform';
import type { CampaignSubmitted } from '../../../lib/campaign';
import { campaignKeys } from '../../../api/campaign-keys';

/**
 * POST /campaigns/:id/submit: pays from the balance, books the days and sends the ad to
 * moderation (402 INSUFFICIENT_BALANCE, 409 SLOTS_FULL with the nearest free date).
 */
export const submitCampaign = (id: number) =>
  api.post<CampaignSubmitted>(`/campaigns/${encodeURIComponent(id)}/submit`);

export function useSubmitCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitCampaign,
    onSuccess: ({ campaign, balance }) => {
      applyBalance(queryClient, balance);
      queryClient.setQueryData(campaignKeys.detail(campaign.id), campaign);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: ['campaigns', 'calendar'] });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from 'platform';
import type { Campaign } from '../../../lib/campaign';
import { campaignKeys } from '../../../api/campaign-keys';

/** POST /campaigns/:id/repeat: a new draft with the same settings and no dates. */
export const repeatCampaign = (id: number) =>
  api.post<Campaign>(`/campaigns/${encodeURIComponent(id)}/repeat`);

export function useRepeatCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: repeatCampaign,
    onSuccess: (campaign) => {
      queryClient.setQueryData(campaignKeys.detail(campaign.id), campaign);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.lists() });
    },
  });
}

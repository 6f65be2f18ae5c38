import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from 'platform';
import type { Campaign, CampaignDraft } from '../../../lib/campaign';
import { campaignKeys } from '../../../api/campaign-keys';

/** POST /campaigns: a new draft from whatever is filled in. */
export const createCampaign = (body: CampaignDraft) => api.post<Campaign>('/campaigns', body);

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCampaign,
    onSuccess: (campaign) => {
      queryClient.setQueryData(campaignKeys.detail(campaign.id), campaign);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.lists() });
    },
  });
}

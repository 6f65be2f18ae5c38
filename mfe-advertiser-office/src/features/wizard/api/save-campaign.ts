import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from 'platform';
import type { Campaign, CampaignDraft } from '../../../lib/campaign';
import { campaignKeys } from '../../../api/campaign-keys';

/** PUT /campaigns/:id: saves the draft's fields (a published ad's change waits for the next send). */
export const saveCampaign = ({ id, draft }: { id: number; draft: CampaignDraft }) =>
  api.put<Campaign>(`/campaigns/${encodeURIComponent(id)}`, draft);

export function useSaveCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCampaign,
    onSuccess: (campaign) => {
      queryClient.setQueryData(campaignKeys.detail(campaign.id), campaign);
      void queryClient.invalidateQueries({ queryKey: campaignKeys.lists() });
    },
  });
}

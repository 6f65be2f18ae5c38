import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, uploadFile } from 'platform';
import type { Campaign } from '../../../lib/campaign';
import { campaignKeys } from '../../../api/campaign-keys';

/** POST /campaigns/:id/image with one file: the server re-encodes it and strips its metadata. */
export const uploadCampaignImage = (id: number, file: File): Promise<Campaign> =>
  uploadFile<Campaign>(`/campaigns/${id}/image`, file).done;

/** DELETE /campaigns/:id/image: the ad goes on without an image. */
export const deleteCampaignImage = (id: number) => api.delete<Campaign>(`/campaigns/${id}/image`);

export function useCampaignImage() {
  const queryClient = useQueryClient();
  const onSuccess = (campaign: Campaign) => {
    queryClient.setQueryData(campaignKeys.detail(campaign.id), campaign);
    void queryClient.invalidateQueries({ queryKey: campaignKeys.lists() });
  };
  return {
    upload: useMutation({
      mutationFn: ({ id, file }: { id: number; file: File }) => uploadCampaignImage(id, file),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: deleteCampaignImage, onSuccess }),
  };
}

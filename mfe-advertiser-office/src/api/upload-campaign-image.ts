import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ApiError,
  api,
  buildUrl,
  CSRF_HEADER,
  currentLocale,
  errorCodeFor,
  readCsrfCookie,
  refreshSession,
} from 'platform';
import type { Campaign } from '../lib/campaign';
import { campaignKeys } from './campaign-keys';

/**
 * POST /campaigns/:id/image with one file (multipart field `file`): the server re-encodes it and
 * strips its metadata. The platform client sends JSON only, so this one call builds its own request
 * with the same headers (CSRF, language) and the same one refresh-and-retry on 401.
 */
export async function uploadCampaignImage(id: number, file: File, retried = false): Promise<Campaign> {
  const form = new FormData();
  form.append('file', file, file.name);
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': currentLocale() };
  const csrf = readCsrfCookie();
  if (csrf) headers[CSRF_HEADER] = csrf;
  let response: Response;
  try {
    response = await fetch(buildUrl(`/campaigns/${id}/image`), {
      method: 'POST',
      body: form,
      headers,
      credentials: 'include',
    });
  } catch {
    throw new ApiError('NETWORK', 0);
  }
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return body as Campaign;
  if (response.status === 401 && !retried && (await refreshSession())) {
    return uploadCampaignImage(id, file, true);
  }
  const code = errorCodeFor(response.status, body);
  if (code === 'CSRF_FAILED' && !retried) return uploadCampaignImage(id, file, true);
  throw new ApiError(code, response.status, (body ?? undefined) as ConstructorParameters<typeof ApiError>[2]);
}

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

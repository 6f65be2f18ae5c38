import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailChangeRequestedResponse, UpdateEmailBody } from 'contracts';
import { api, sessionKeys } from 'platform';

export const updateEmail = (body: UpdateEmailBody) =>
  api.put<EmailChangeRequestedResponse>('/profile/update/email', body);

/**
 * PUT /profile/update/email: mails a confirmation link to the new address; nothing changes until
 * it is opened. The session is read again all the same (spec: the change invalidates the profile).
 */
export function useUpdateEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.profile() }),
  });
}

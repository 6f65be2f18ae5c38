import { useMutation } from '@tanstack/react-query';
import type { ConfirmEmailBody, OkResponse } from 'contracts';
import { api, queryClient, sessionKeys } from 'platform';

export const confirmEmail = (body: ConfirmEmailBody) => api.post<OkResponse>('/profile/confirm-email', body);

/** The address of a signed-in account changes: its cached profile is read again. */
export const useConfirmEmail = () =>
  useMutation({
    mutationFn: confirmEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });

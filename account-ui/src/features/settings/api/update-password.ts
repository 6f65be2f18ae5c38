import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileResponse, UpdatePasswordBody } from 'contracts';
import { api, sessionKeys } from 'platform';

export const updatePassword = (body: UpdatePasswordBody) =>
  api.put<ProfileResponse>('/profile/update/password', body);

/** PUT /profile/update/password: other sessions end, this one stays; the session is read again. */
export function useUpdatePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.profile() }),
  });
}

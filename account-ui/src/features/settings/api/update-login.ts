import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfileResponse, UpdateLoginBody } from 'contracts';
import { api, sessionKeys } from 'platform';

export const updateLogin = (body: UpdateLoginBody) => api.put<ProfileResponse>('/profile/update/login', body);

/** PUT /profile/update/login; the session (which shows the login) is read again afterwards. */
export function useUpdateLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateLogin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.profile() }),
  });
}

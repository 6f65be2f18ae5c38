import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminReleases } from 'contracts/releases';
import type { ReleaseGuardBody } from 'contracts/telemetry';
import { api } from 'platform';
import { recordsKeys } from '../../../api/records-keys';

/** PUT /admin-panel/releases/guard: the guard's new settings, from its next check. */
export const updateGuard = (body: ReleaseGuardBody) =>
  api.put<ReleaseGuardBody>('/admin-panel/releases/guard', body);

export function useUpdateGuard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGuard,
    onSuccess: (guard) => {
      queryClient.setQueryData<AdminReleases>(recordsKeys.releases(), (all) =>
        all ? { ...all, guard } : all,
      );
    },
  });
}

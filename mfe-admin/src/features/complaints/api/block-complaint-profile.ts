import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProfile } from 'contracts';
import { api } from 'platform';
import { adminKeys } from '../../../api/admin-keys';
import { reviewKeys } from '../../../api/review-keys';

/**
 * POST /admin-panel/profiles/:id/block with the reason its owner reads: hidden from visitors, its
 * open complaints resolved. The complaints list blocks from here.
 */
export const blockComplaintProfile = (id: number, reason: string) =>
  api.post<AdminProfile>(`/admin-panel/profiles/${encodeURIComponent(id)}/block`, { reason });

export function useBlockComplaintProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => blockComplaintProfile(id, reason),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: reviewKeys.complaints() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.counts() });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminProfile } from 'contracts';
import { api } from 'platform';
import { adminKeys } from '../../../api/admin-keys';
import { reviewKeys } from '../../../api/review-keys';

/** POST /admin-panel/complaints/profiles/:id/dismiss: the open complaints go, a hold they caused ends. */
export const dismissComplaints = (id: number) =>
  api.post<AdminProfile>(`/admin-panel/complaints/profiles/${encodeURIComponent(id)}/dismiss`);

export function useDismissComplaints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissComplaints,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: reviewKeys.complaints() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.counts() });
    },
  });
}

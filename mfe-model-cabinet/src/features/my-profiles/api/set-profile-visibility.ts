import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnProfile } from 'contracts';
import { api } from 'platform';
import { applyOwnProfile } from '../../../lib/profiles-cache';

export type VisibilityAction = 'activate' | 'deactivate';

/** POST /api/profiles/{id}/deactivate hides a listed profile; .../activate lists it again. */
export const setProfileVisibility = (id: number, action: VisibilityAction) =>
  api.post<OwnProfile>(`/profiles/${id}/${action}`);

export function useSetProfileVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: VisibilityAction }) =>
      setProfileVisibility(id, action),
    onSuccess: (profile) => applyOwnProfile(queryClient, profile),
  });
}

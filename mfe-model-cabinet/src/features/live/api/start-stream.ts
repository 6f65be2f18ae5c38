import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentStream, StreamSummary } from 'contracts/streams';
import { api } from 'platform';
import { streamKeys } from '../../../api/own-streams';

/** POST /api/own-profiles/{id}/stream: her listed profile goes live. */
export const startStream = (profileId: number, chatEnabled: boolean) =>
  api.post<StreamSummary>(`/own-profiles/${profileId}/stream`, { chatEnabled });

export function useStartStream() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ profileId, chatEnabled }: { profileId: number; chatEnabled: boolean }) =>
      startStream(profileId, chatEnabled),
    onSuccess: (stream) => queryClient.setQueryData<CurrentStream>(streamKeys.current(), { stream }),
  });
}

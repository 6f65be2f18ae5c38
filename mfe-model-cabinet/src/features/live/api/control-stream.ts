import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CurrentStream, StreamSummary } from 'contracts/streams';
import { api } from 'platform';
import { streamKeys } from '../../../api/own-streams';

export type StreamAction = 'pause' | 'resume' | 'stop';

/** POST /api/streams/{id}/pause | resume | stop. */
export const controlStream = (id: number, action: StreamAction) =>
  api.post<StreamSummary>(`/streams/${id}/${action}`);

/** PATCH /api/streams/{id}: the chat switch during a stream. */
export const updateStream = (id: number, chatEnabled: boolean) =>
  api.patch<StreamSummary>(`/streams/${id}`, { chatEnabled });

function useApplyStream() {
  const queryClient = useQueryClient();
  return (stream: StreamSummary) => {
    queryClient.setQueryData<CurrentStream>(streamKeys.current(), {
      stream: stream.status === 'ended' ? null : stream,
    });
    if (stream.status === 'ended') void queryClient.invalidateQueries({ queryKey: streamKeys.all });
  };
}

export function useControlStream() {
  const apply = useApplyStream();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: StreamAction }) => controlStream(id, action),
    onSuccess: apply,
  });
}

export function useUpdateStream() {
  const apply = useApplyStream();
  return useMutation({
    mutationFn: ({ id, chatEnabled }: { id: number; chatEnabled: boolean }) => updateStream(id, chatEnabled),
    onSuccess: apply,
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from 'platform';
import { adminKeys } from '../../../api/admin-keys';
import { type ModerationKind, reviewKeys } from '../../../api/review-keys';

export type ModerationDecision = { action: 'approve' } | { action: 'reject'; reason: string };

/**
 * POST /admin-panel/moderation/{profiles|campaigns}/:id/approve, or .../reject with the reason the
 * owner reads. Either releases the claim on the server.
 */
export const decideModeration = (kind: ModerationKind, id: number, decision: ModerationDecision) =>
  api.post<unknown>(
    `/admin-panel/moderation/${kind}/${encodeURIComponent(id)}/${decision.action}`,
    decision.action === 'reject' ? { reason: decision.reason } : undefined,
  );

export function useDecideModeration(kind: ModerationKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: ModerationDecision }) =>
      decideModeration(kind, id, decision),
    onSuccess: (_answer, { id }) => {
      queryClient.removeQueries({ queryKey: reviewKeys.detail(kind, id) });
      void queryClient.invalidateQueries({ queryKey: reviewKeys.queues(kind) });
      void queryClient.invalidateQueries({ queryKey: adminKeys.counts() });
    },
  });
}

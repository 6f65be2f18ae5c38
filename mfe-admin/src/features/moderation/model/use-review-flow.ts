import { useQueryClient } from '@tanstack/react-query';
import { notify } from 'account-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { type ModerationDecision, useDecideModeration } from '../api/decide-moderation';
import type { ModerationKind } from '../../../api/review-keys';
import { messageOf } from './api-message';
import { markSkipped, nextInQueue } from './next-in-queue';
import { QUEUE_PATHS } from './queue-paths';
import { claimedBy, useClaim } from './use-claim';
import { useReviewShortcuts } from './use-review-shortcuts';

export type ReviewDialog = 'reject' | 'shortcuts' | null;

/**
 * One review view's work: it holds the item (claim), decides it, and moves on to the next one
 * nobody else holds, or back to the queue when none waits. `name` names the item in toasts.
 */
export function useReviewFlow({
  kind,
  id,
  name,
  waiting,
}: {
  kind: ModerationKind;
  id: number;
  name: string;
  /** False until the item is loaded, and when it no longer waits for moderation. */
  waiting: boolean;
}) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const claim = useClaim(kind, id, { enabled: waiting });
  const decide = useDecideModeration(kind);
  const [dialog, setDialog] = useState<ReviewDialog>(null);
  const [moving, setMoving] = useState(false);
  const paths = QUEUE_PATHS[kind];

  const heldByOther = claim.state.status === 'other';
  const canDecide =
    waiting && !heldByOther && claim.state.status !== 'pending' && !decide.isPending && !moving;

  async function goNext(afterDecision: boolean) {
    setMoving(true);
    try {
      const next = await nextInQueue(queryClient, kind, id);
      if (next === null) {
        if (afterDecision) notify('success', t('review.toasts.queueDone'));
        navigate(paths.queue);
      } else {
        navigate(paths.item(next));
      }
    } catch {
      navigate(paths.queue);
    } finally {
      setMoving(false);
    }
  }

  async function decideNow(decision: ModerationDecision) {
    if (!canDecide) return;
    const undo = claim.deciding();
    try {
      await decide.mutateAsync({ id, decision });
      claim.decided();
      setDialog(null);
      notify(
        'success',
        t(decision.action === 'approve' ? `review.toasts.approved` : `review.toasts.rejected`, { name }),
      );
      await goNext(true);
    } catch (error) {
      undo();
      const holder = claimedBy(error);
      if (holder) {
        claim.lost(holder);
        setDialog(null);
      }
      notify('error', messageOf(error, t('review.errors.decide')));
    }
  }

  const skip = () => {
    if (moving) return;
    markSkipped(kind, id);
    void goNext(false);
  };

  useReviewShortcuts(
    {
      approve: () => void decideNow({ action: 'approve' }),
      reject: () => canDecide && setDialog('reject'),
      next: skip,
      help: () => setDialog('shortcuts'),
    },
    dialog === null,
  );

  return {
    claim,
    canDecide,
    deciding: decide.isPending,
    moving,
    dialog,
    setDialog,
    approve: () => void decideNow({ action: 'approve' }),
    reject: (reason: string) => void decideNow({ action: 'reject', reason }),
    skip,
    queuePath: paths.queue,
  };
}

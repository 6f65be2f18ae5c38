import type { ModerationClaim } from 'contracts';
import { ApiError } from 'platform';
import { useCallback, useEffect, useRef, useState } from 'react';
import { claimModeration } from '../api/claim-moderation';
import { releaseModeration } from '../api/release-moderation';
import type { ModerationKind } from '../../../api/review-keys';

/** Renewed well before the server's MODERATION_CLAIM_MINUTES (5) run out. */
export const CLAIM_RENEW_MS = 2 * 60_000;

export type ClaimState =
  | { status: 'pending' }
  | { status: 'mine'; until: string }
  /** Another moderator holds it: approve and reject stay off. */
  | { status: 'other'; by: string; until: string }
  /** The claim call failed for another reason (not waiting, offline): the server still decides. */
  | { status: 'failed' };

const fromClaim = (claim: ModerationClaim): ClaimState =>
  claim.mine
    ? { status: 'mine', until: claim.until }
    : { status: 'other', by: claim.admin.login ?? claim.admin.email, until: claim.until };

/** What a CLAIMED answer says about the holder, or null for any other failure. */
export function claimedBy(error: unknown): { by: string; until: string } | null {
  if (!(error instanceof ApiError) || error.code !== 'CLAIMED') return null;
  return { by: String(error.params.by ?? ''), until: String(error.params.until ?? '') };
}

/**
 * Holds the item while its review is open: claims it on opening, renews the claim every two
 * minutes and releases it on leaving (unless a decision already did). `decided()` tells it the
 * server has released the claim itself.
 */
export function useClaim(kind: ModerationKind, id: number, { enabled = true } = {}) {
  const [state, setState] = useState<ClaimState>({ status: 'pending' });
  const held = useRef(false);
  /**
   * The item a decision was made on (or is on its way for): its claim is the decision's to
   * release, and it is not claimed again. Sticky for the item, not for the hook: the next item
   * of the queue is claimed as usual.
   */
  const decidedItem = useRef<string | null>(null);
  const item = `${kind}:${id}`;

  const claim = useCallback(async () => {
    try {
      const answer = await claimModeration(kind, id);
      if (decidedItem.current === `${kind}:${id}`) return;
      held.current = answer.claim.mine;
      setState(fromClaim(answer.claim));
    } catch (error) {
      held.current = false;
      const holder = claimedBy(error);
      setState(holder ? { status: 'other', ...holder } : { status: 'failed' });
    }
  }, [kind, id]);

  useEffect(() => {
    const here = `${kind}:${id}`;
    if (!enabled || decidedItem.current === here) return;
    void claim();
    const timer = window.setInterval(() => {
      if (decidedItem.current !== here) void claim();
    }, CLAIM_RENEW_MS);
    return () => {
      window.clearInterval(timer);
      if (held.current && decidedItem.current !== here)
        void releaseModeration(kind, id).catch(() => undefined);
      held.current = false;
    };
  }, [enabled, claim, kind, id]);

  /**
   * A decision is on its way: from now on the item is not released on leaving (the decision
   * releases it on the server) nor claimed again. Its success removes the item's data: the
   * re-render that follows switches the claim off, and the item's refetch switched it on again
   * and claimed it anew, so that leaving released it (a DELETE after the decision: the flaky
   * review tests). Returns the undo, for a decision that failed.
   */
  const deciding = useCallback(() => {
    decidedItem.current = item;
    return () => {
      if (decidedItem.current === item) decidedItem.current = null;
    };
  }, [item]);

  const decided = useCallback(() => {
    decidedItem.current = item;
    held.current = false;
  }, [item]);

  /** A decision refused with CLAIMED: show who took the item over. */
  const lost = useCallback((holder: { by: string; until: string }) => {
    held.current = false;
    setState({ status: 'other', ...holder });
  }, []);

  return { state, deciding, decided, lost, retry: claim };
}

import type { QueryClient } from '@tanstack/react-query';
import { ADMIN_MAX_PAGE_SIZE, type ModerationClaim } from 'contracts';
import { moderationCampaignsQueryOptions } from '../api/get-moderation-campaigns';
import { moderationProfilesQueryOptions } from '../api/get-moderation-profiles';
import type { ModerationKind } from '../../../api/review-keys';

interface QueueEntry {
  id: number;
  claim: ModerationClaim | null;
}

/** Items skipped with N in this tab: the next item after a decision avoids them while others wait. */
const skipped: Record<ModerationKind, Set<number>> = { profiles: new Set(), campaigns: new Set() };

export const markSkipped = (kind: ModerationKind, id: number) => skipped[kind].add(id);

/** The queue as it is now, oldest first (one large page: a moderator works from the front). */
async function freshQueue(queryClient: QueryClient, kind: ModerationKind): Promise<QueueEntry[]> {
  if (kind === 'profiles') {
    const queue = await queryClient.fetchQuery(moderationProfilesQueryOptions(1, ADMIN_MAX_PAGE_SIZE));
    return queue.items.map((item) => ({ id: item.id, claim: item.claim }));
  }
  const queue = await queryClient.fetchQuery(moderationCampaignsQueryOptions(1, ADMIN_MAX_PAGE_SIZE));
  return queue.items.map((item) => ({ id: item.campaign.id, claim: item.claim }));
}

/**
 * The item to review after `currentId`: the oldest one nobody else holds, preferring those after
 * it in the queue and those not skipped; null when nothing else waits.
 */
export async function nextInQueue(
  queryClient: QueryClient,
  kind: ModerationKind,
  currentId: number | null,
): Promise<number | null> {
  const queue = await freshQueue(queryClient, kind);
  const free = queue.filter((item) => item.id !== currentId && (!item.claim || item.claim.mine));
  const at = queue.findIndex((item) => item.id === currentId);
  const after = at < 0 ? free : free.filter((item) => queue.indexOf(item) > at);
  const fresh = (items: QueueEntry[]) => items.filter((item) => !skipped[kind].has(item.id));
  const pick = fresh(after)[0] ?? fresh(free)[0] ?? after[0] ?? free[0];
  return pick?.id ?? null;
}

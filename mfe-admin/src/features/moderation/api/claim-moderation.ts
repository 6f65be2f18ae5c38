import type { ModerationClaimed } from 'contracts';
import { api } from 'platform';
import type { ModerationKind } from '../../../api/review-keys';

/**
 * POST /admin-panel/moderation/{profiles|campaigns}/:id/claim: claims the item for a few minutes
 * or renews my claim; 409 CLAIMED (params `by`, `until`) while another moderator holds it.
 */
export const claimModeration = (kind: ModerationKind, id: number) =>
  api.post<ModerationClaimed>(`/admin-panel/moderation/${kind}/${encodeURIComponent(id)}/claim`);

import { api } from 'platform';
import type { ModerationKind } from '../../../api/review-keys';

/** DELETE /admin-panel/moderation/{profiles|campaigns}/:id/claim: lets the item go (204 also when not mine). */
export const releaseModeration = (kind: ModerationKind, id: number) =>
  api.delete<null>(`/admin-panel/moderation/${kind}/${encodeURIComponent(id)}/claim`);

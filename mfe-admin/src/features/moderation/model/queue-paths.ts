import type { ModerationKind } from '../../../api/review-keys';

/** Where each queue and its review views live. */
export const QUEUE_PATHS: Record<ModerationKind, { queue: string; item: (id: number) => string }> = {
  profiles: { queue: '/admin', item: (id) => `/admin/profiles/${id}` },
  campaigns: { queue: '/admin/ads', item: (id) => `/admin/ads/${id}` },
};

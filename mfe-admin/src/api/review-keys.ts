import { adminKeys } from './admin-keys';

/** The two moderation queues, as their paths below /admin-panel/moderation name them. */
export type ModerationKind = 'profiles' | 'campaigns';

/**
 * Keys of the moderation and complaint queries, below the admin's own, so a decision
 * invalidates a queue, its details and the menu's counts through their own keys.
 */
export const reviewKeys = {
  moderation: (kind: ModerationKind) => [...adminKeys.all(), 'moderation', kind] as const,
  queues: (kind: ModerationKind) => [...reviewKeys.moderation(kind), 'queue'] as const,
  queue: (kind: ModerationKind, page: number, perPage: number) =>
    [...reviewKeys.queues(kind), page, perPage] as const,
  detail: (kind: ModerationKind, id: number) => [...reviewKeys.moderation(kind), 'detail', id] as const,
  complaints: () => [...adminKeys.all(), 'complaints'] as const,
  complaintQueue: (page: number) => [...reviewKeys.complaints(), 'queue', page] as const,
  profileComplaints: (id: number, page: number) => [...reviewKeys.complaints(), 'profile', id, page] as const,
  cities: () => ['cities', 'list'] as const,
  services: () => ['services', 'list'] as const,
};

import type { AdminProfile, ComplaintQueue, ComplaintQueueItem } from 'contracts';

export function createComplainedProfile(overrides: Partial<AdminProfile> = {}): AdminProfile {
  return {
    id: 41,
    accountId: 5,
    name: 'Алина',
    category: 'individual',
    city: { slug: 'moscow', name: { ru: 'Москва', en: 'Moscow' } },
    status: 'active',
    lifecycleStatus: 'active',
    review: null,
    isBlocked: false,
    blockReason: null,
    blockSource: null,
    heldAt: null,
    openComplaints: 3,
    submittedAt: null,
    publishedAt: '2026-10-01T09:00:00.000Z',
    expiresAt: '2026-12-01T09:00:00.000Z',
    ...overrides,
  };
}

export function createComplaintItem(overrides: Partial<ComplaintQueueItem> = {}): ComplaintQueueItem {
  return {
    profile: createComplainedProfile(),
    count: 3,
    visitors: 2,
    reasons: { fake_photos: 2, wrong_contacts: 0, underage_suspected: 0, scam: 1, offensive: 0, other: 0 },
    latestAt: '2026-11-20T09:00:00.000Z',
    ...overrides,
  };
}

export const complaintQueueOf = (items: ComplaintQueueItem[]): ComplaintQueue => ({
  items,
  total: items.length,
  page: 1,
  perPage: 20,
  pageCount: 1,
});

import type { AreaNavItem } from 'account-ui';
import type { AdminCounts } from '../api/get-counts';

export interface AdminNavItem extends AreaNavItem {
  /** Which of GET /admin-panel/counts the item's badge shows. */
  count?: keyof AdminCounts;
}

/** The administration's menu: the queues first (with what waits in each), then the rest. */
export const ADMIN_NAV: readonly AdminNavItem[] = [
  { key: 'profiles', to: '/admin', matches: ['/admin', '/admin/profiles/:id'], count: 'profiles' },
  { key: 'campaigns', to: '/admin/ads', matches: ['/admin/ads', '/admin/ads/:id'], count: 'campaigns' },
  { key: 'complaints', to: '/admin/complaints', matches: ['/admin/complaints/*'], count: 'complaints' },
  { key: 'accounts', to: '/admin/accounts', matches: ['/admin/accounts/*'] },
  { key: 'payments', to: '/admin/payments', matches: ['/admin/payments/*'] },
  { key: 'promo', to: '/admin/promo-codes', matches: ['/admin/promo-codes/*'] },
  { key: 'site', to: '/admin/site', matches: ['/admin/site/*'] },
  { key: 'releases', to: '/admin/releases', matches: ['/admin/releases/*'] },
  { key: 'audit', to: '/admin/audit', matches: ['/admin/audit/*'] },
];

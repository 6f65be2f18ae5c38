import { type AreaNavItem, PROMO_HASH } from 'account-ui';

/** The cabinet's menu (PRODUCT_SPEC.md section 2, model area); bonuses is the `#promo` marker. */
export const CABINET_NAV: AreaNavItem[] = [
  { key: 'analytics', to: '/profile/analytics', matches: ['/profile/analytics'] },
  { key: 'live', to: '/profile/live', matches: ['/profile/live'] },
  { key: 'promotion', to: '/profile/promotion', matches: ['/profile/promotion'] },
  {
    key: 'myProfiles',
    to: '/profile',
    matches: ['/profile', '/profile/create', '/profile/edit/:id'],
  },
  {
    key: 'notifications',
    to: '/profile/notifications',
    matches: ['/profile/notifications'],
    badge: true,
  },
  /** Opens the promo dialog over the current screen; the bonuses page is reached from it. */
  { key: 'bonuses', to: PROMO_HASH, matches: ['/profile/bonuses'] },
  { key: 'settings', to: '/profile/settings', matches: ['/profile/settings'] },
];

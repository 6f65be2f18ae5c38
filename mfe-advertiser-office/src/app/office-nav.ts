import { type AreaNavItem, PROMO_HASH } from 'account-ui';

/** The office's menu (PRODUCT_SPEC.md section 2, advertiser area); bonuses is the `#promo` marker. */
export const OFFICE_NAV: AreaNavItem[] = [
  { key: 'create', to: '/advister/create', matches: ['/advister/create'] },
  { key: 'ads', to: '/advister/ads', matches: ['/advister/ads/*', '/advister/edit/:id'] },
  { key: 'myProfile', to: '/advister', matches: ['/advister'] },
  /** Opens the promo dialog over the current screen; the bonuses page is reached from it. */
  { key: 'bonuses', to: PROMO_HASH, matches: ['/advister/bonuses'] },
  { key: 'notifications', to: '/advister/notifications', matches: ['/advister/notifications'], badge: true },
  { key: 'settings', to: '/advister/settings', matches: ['/advister/settings'] },
];

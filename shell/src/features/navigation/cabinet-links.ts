import type { AccountType } from 'contracts';

export interface CabinetLink {
  to: string;
  labelKey: string;
  /** Shows the unread notifications badge. */
  badge?: boolean;
}

/** The cabinet menu of each account type (PRODUCT_SPEC.md section 2). */
export const CABINET_LINKS: Record<AccountType, CabinetLink[]> = {
  girl: [
    { to: '/profile/analytics', labelKey: 'cabinet.analytics' },
    { to: '/profile/live', labelKey: 'cabinet.live' },
    { to: '/profile/promotion', labelKey: 'cabinet.promotion' },
    { to: '/profile', labelKey: 'cabinet.myProfiles' },
    { to: '/profile/notifications', labelKey: 'cabinet.notifications', badge: true },
    { to: '/profile#promo', labelKey: 'cabinet.bonuses' },
    { to: '/profile/settings', labelKey: 'cabinet.settings' },
  ],
  advister: [
    { to: '/advister/create', labelKey: 'cabinet.createAd' },
    { to: '/advister/ads', labelKey: 'cabinet.ads' },
    { to: '/advister', labelKey: 'cabinet.myProfile' },
    { to: '/advister#promo', labelKey: 'cabinet.bonuses' },
    { to: '/advister/notifications', labelKey: 'cabinet.notifications', badge: true },
    { to: '/advister/settings', labelKey: 'cabinet.settings' },
  ],
};

/** Listing categories, in the order the category navigation shows them. */
export const CATEGORIES = ['individual', 'massage', 'elite', 'bdsm'] as const;
export type Category = (typeof CATEGORIES)[number];
export const DEFAULT_CATEGORY: Category = 'individual';

/** "advister" is the spelling the routes and the API use for advertiser accounts. */
export const ACCOUNT_TYPES = ['girl', 'advister'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const ACCOUNT_ROLES = ['user', 'admin'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

export const PROFILE_STATUSES = [
  'published',
  'active',
  'unactive',
  'pending',
  'cancel',
  'expired',
  'draft',
  'saved',
  'rejected',
] as const;
export type ProfileStatus = (typeof PROFILE_STATUSES)[number];

export const AD_STATUSES = ['published', 'completed', 'saved', 'moderating'] as const;
export type AdStatus = (typeof AD_STATUSES)[number];

export const APPEARANCES = [
  'ASIAN',
  'AFRICAN',
  'CAUCASIAN',
  'LATINO',
  'MULATTO',
  'SLAVIC',
  'TATAR',
  'CHINESE',
  'KYRGYZ',
  'KAZAKH',
  'MESTIZO',
] as const;
export type Appearance = (typeof APPEARANCES)[number];

export const SERVICE_CATEGORY_KEYS = ['sex', 'massage', 'extreme', 'bdsm', 'strip', 'other'] as const;
export type ServiceCategoryKey = (typeof SERVICE_CATEGORY_KEYS)[number];

export const PLACES = ['apartment', 'visit'] as const;
export type Place = (typeof PLACES)[number];

export const MEDIA_KINDS = ['photo', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

export const PROMO_TYPES = ['BALANCE_AMOUNT', 'DEPOSIT_PERCENTAGE'] as const;
export type PromoType = (typeof PROMO_TYPES)[number];

export const LOCALES = ['ru', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ru';

/** Kinds of notification the platform sends (PRODUCT_SPEC.md section 3). */
export const NOTIFICATION_KINDS = [
  'profile_approved',
  'profile_rejected',
  'profile_expired',
  'profile_blocked',
  'profile_unblocked',
  'video_activated',
  'raised_in_city',
  'top_placement',
  'account_blocked',
  'account_unblocked',
  'ad_approved',
  'ad_rejected',
  'ad_completed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Reasons a visitor can give when complaining about a profile. */
export const COMPLAINT_REASONS = [
  'fake_photos',
  'wrong_contacts',
  'underage_suspected',
  'scam',
  'offensive',
  'other',
] as const;
export type ComplaintReason = (typeof COMPLAINT_REASONS)[number];

/** A complaint waits for a moderator (`new`) until the profile is blocked or the complaint dismissed. */
export const COMPLAINT_STATUSES = ['new', 'resolved', 'dismissed'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

/** The three price lists; the price page joins the first two as accommodation. */
export const PRICE_LISTS = ['models_boosting', 'additional_services', 'ads_boosting'] as const;
export type PriceList = (typeof PRICE_LISTS)[number];

/** What moved money; every balance change is one ledger transaction of one of these. */
export const LEDGER_KINDS = ['promo', 'top_up', 'top_up_bonus', 'purchase', 'refund', 'adjustment'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Money that is not a user's balance: the other side of each double entry. */
export const SYSTEM_LEDGER_ACCOUNTS = ['promotions', 'payments', 'revenue', 'adjustments'] as const;
export type SystemLedgerAccount = (typeof SYSTEM_LEDGER_ACCOUNTS)[number];

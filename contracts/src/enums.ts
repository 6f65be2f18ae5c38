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

/** Whether a value (a stored choice, a header's language, i18next's) is one of the site's languages. */
export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

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

// The lists below are read by the response schemas as well as by the requests beside them, so
// they live here, below both: `responses.ts` imports nothing that imports it back.

/** The gateways a top-up can go through: our own sandbox, or NOWPayments. */
export const PAYMENT_PROVIDERS = ['sandbox', 'nowpayments'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/**
 * What became of a webhook: `received` until it is processed (a crash leaves it so), then
 * `credited` (money moved: exactly one such row per top-up ledger transaction), `updated` (the
 * order's status advanced, no money), `ignored` (stale, repeated, or the order was final),
 * `rejected_signature`, `malformed`, `unknown_order`, or `conflict` (another payment of the order,
 * or amounts that do not match the order: left for a person to look at).
 */
export const PAYMENT_WEBHOOK_OUTCOMES = [
  'received',
  'credited',
  'updated',
  'ignored',
  'rejected_signature',
  'malformed',
  'unknown_order',
  'conflict',
] as const;
export type PaymentWebhookOutcome = (typeof PAYMENT_WEBHOOK_OUTCOMES)[number];
/**
 * The outcomes of a webhook that was refused before it could touch an order: a bad signature,
 * not an IPN, or an order no one has. Such a webhook keeps only the start of its body and is
 * deleted after a while; every other outcome is the books' evidence and is kept whole.
 */
export const REFUSED_PAYMENT_WEBHOOK_OUTCOMES = [
  'rejected_signature',
  'malformed',
  'unknown_order',
] as const satisfies readonly PaymentWebhookOutcome[];

/**
 * An order's status. The first four are on the way; the last four are final and never change
 * again. `partially_paid` credits what arrived, `finished` the whole amount.
 */
export const PAYMENT_ORDER_STATUSES = [
  'created',
  'waiting',
  'confirming',
  'confirmed',
  'partially_paid',
  'finished',
  'failed',
  'expired',
] as const;
export type PaymentOrderStatus = (typeof PAYMENT_ORDER_STATUSES)[number];

/** What the audit log records; `profile.approve` and `profile.reject` are moderation's, `media.*` an administrator's change to a profile's files. */
export const ADMIN_ACTIONS = [
  'profile.approve',
  'profile.reject',
  'profile.block',
  'profile.unblock',
  'account.block',
  'account.unblock',
  'complaints.dismiss',
  'campaign.approve',
  'campaign.reject',
  'account.adjust',
  'promo.create',
  'promo.deactivate',
  'site.slogan',
  'site.price',
  'site.releaseGuard',
  'media.upload',
  'media.remove',
  'media.reorder',
  'adjustment.request',
  'adjustment.approve',
  'adjustment.decline',
] as const;
export type AdminActionName = (typeof ADMIN_ACTIONS)[number];

/** A large balance adjustment waits (`pending`) until a second administrator decides it. */
export const BALANCE_ADJUSTMENT_STATUSES = ['pending', 'approved', 'declined'] as const;
export type BalanceAdjustmentStatus = (typeof BALANCE_ADJUSTMENT_STATUSES)[number];

export const ADMIN_TARGET_TYPES = ['profile', 'account', 'complaint', 'campaign', 'promo', 'site'] as const;
export type AdminTargetType = (typeof ADMIN_TARGET_TYPES)[number];

/** Where an ad shows: pinned on the main page, on the listings of chosen cities, or both everywhere. */
export const AD_PLACEMENTS = ['main', 'cities', 'everywhere'] as const;
export type AdPlacement = (typeof AD_PLACEMENTS)[number];

/** Paid per day of the date range, or for a number of impressions shown within it. */
export const AD_PRICINGS = ['impressions', 'days'] as const;
export type AdPricing = (typeof AD_PRICINGS)[number];

/**
 * Why an impression or a click was not counted (nor billed): too many from the visitor's network
 * (`rate_limit`), a token past its time (`expired`) or reported sooner than an ad can have been seen
 * (`too_soon`), a token issued to another visitor or network (`foreign`), the same token again
 * (`replay`), or a known robot (`bot`).
 */
export const AD_REFUSAL_REASONS = ['rate_limit', 'expired', 'too_soon', 'foreign', 'replay', 'bot'] as const;
export type AdRefusalReason = (typeof AD_REFUSAL_REASONS)[number];

/**
 * A campaign's life: saved (`draft`) -> paid and sent (`moderation`) -> `published` on its dates
 * -> `completed` (impressions reached or dates over); `rejected` by a moderator with a reason.
 */
export const CAMPAIGN_STATUSES = ['draft', 'moderation', 'published', 'completed', 'rejected'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const CAMPAIGN_ACTIONS = ['edit', 'submit', 'repeat', 'delete'] as const;
export type CampaignAction = (typeof CAMPAIGN_ACTIONS)[number];

/** Business constants of PRODUCT_SPEC.md section 9 and the limits the API and screens share. */

export const LISTING_PAGE_SIZE = 24;
/** Pages past this are refused: deep offsets cost the database and no person reads them. */
export const LISTING_MAX_PAGE = 10_000;

export const MEDIA = {
  maxPhotos: 5,
  maxVideos: 1,
  maxVideoBytes: 50 * 1024 * 1024,
  /** A photo is re-encoded to a few hundred KB; more than this is not a photo a phone takes. */
  maxPhotoBytes: 20 * 1024 * 1024,
} as const;

/** Formats the media upload accepts, by the browser-reported MIME type. */
export const MEDIA_MIME_TYPES = {
  photo: ['image/jpeg', 'image/png', 'image/webp'],
  video: ['video/mp4', 'video/webm', 'video/quicktime'],
} as const;

export const PROFILE_BOUNDS = {
  nameLength: { min: 2, max: 15 },
  age: { min: 18, max: 60 },
  height: { min: 150, max: 200 },
  weight: { min: 40, max: 300 },
  boobs: { min: 0, max: 12 },
  serviceDescriptionMax: 50,
  /** Metro station ids start at 1. */
  metroId: { min: 1, max: 999_999_999 },
  price: { min: 1000, max: 1_000_000, hourMax: 100_000, twoHoursMax: 200_000, nightMax: 1_000_000 },
} as const;

export const TOP_UP = {
  /** Rubles. "Above 0" in whole rubles. */
  min: 1,
  /** Rubles. The payment modal refuses less than this. */
  minModal: 500,
  max: 100_000,
} as const;

export const AD_LIMITS = {
  buttonTextMax: 18,
  impressionsMaxDigits: 6,
  /** The spec gives no bounds for these; generous limits keep requests and rows small. */
  headingMax: 100,
  linkMax: 2048,
  formatMax: 40,
} as const;

/** Visual formats of an ad: a banner with an image, or a text card. */
export const AD_FORMATS = ['banner', 'text'] as const;
export type AdFormat = (typeof AD_FORMATS)[number];

/** Free text of a profile or an ad. The spec gives no bound; this one fits a few paragraphs. */
export const DESCRIPTION_MAX_LENGTH = 2000;

/** A moderator's rejection or blocking reason, as the model reads it. */
export const REJECT_REASON_MAX_LENGTH = 500;

/** A month of publication is charged at the `publication_month` price of the city. */
export const PUBLICATION_PRICE_CODE = 'publication_month';
/** The price table rows (list models_boosting) of the promotions a listed profile can buy. */
export const PROMOTION_PRICE_CODES = { top: 'top_7_days', bump: 'bump', video: 'video_month' } as const;
/** The price table rows (list ads_boosting) a campaign's cost is made of. */
export const AD_PRICE_CODES = {
  mainDay: 'main_banner_day',
  cityDay: 'city_pin_day',
  per1000: 'impressions_1000',
} as const;
/** How much more profiles with a video are ordered, in percent: what the video offer tells models. */
export const VIDEO_ORDERS_UPLIFT_PERCENT = 46;
/** Cities priced at the Moscow and St Petersburg rate; every other city has the other price. */
export const MSK_SPB_CITY_SLUGS = ['moscow', 'saint-petersburg'] as const;

export const PROMO_CODE_MIN_LENGTH = 3;
export const PROMO_CODE_MAX_LENGTH = 32;
/** PRODUCT_SPEC section 5; the common-password list (`contracts/common-passwords`) does the rest. */
export const PASSWORD_MIN_LENGTH = 6;
/** Long enough for passphrases, short enough to keep hashing cheap. */
export const PASSWORD_MAX_LENGTH = 128;
export const LOGIN_MAX_LENGTH = 32;
/** RFC 5321 limit of a forward path. */
export const EMAIL_MAX_LENGTH = 254;
export const REGISTRATION_CODE_LENGTH = 6;

/** Top placement: the first slots of a city's list, bought for a number of days. */
export const TOP_PLACEMENT = { slotsPerCity: 6, days: 7 } as const;

export const UI = {
  stickyHeaderScrollPx: 200,
  badgeCap: 99,
  sessionFlagPollMs: 1000,
  visitTrackingDelayMs: 100,
  translationRetries: 5,
  translationRetryBaseMs: 350,
} as const;

/** Business constants of PRODUCT_SPEC.md section 9 and the limits the API and screens share. */

export const LISTING_PAGE_SIZE = 24;
/** Pages past this are refused: deep offsets cost the database and no person reads them. */
export const LISTING_MAX_PAGE = 10_000;

export const MEDIA = {
  maxPhotos: 5,
  maxVideos: 1,
  maxVideoBytes: 50 * 1024 * 1024,
} as const;

export const PROFILE_BOUNDS = {
  nameLength: { min: 2, max: 15 },
  age: { min: 18, max: 60 },
  height: { min: 150, max: 200 },
  weight: { min: 40, max: 300 },
  boobs: { min: 0, max: 12 },
  serviceDescriptionMax: 50,
  price: { min: 1000, max: 1_000_000, hourMax: 100_000, twoHoursMax: 200_000, nightMax: 1_000_000 },
} as const;

export const TOP_UP = {
  /** Rubles. The payment modal refuses less than this. */
  minModal: 500,
  max: 100_000,
} as const;

export const AD_LIMITS = {
  buttonTextMax: 18,
  impressionsMaxDigits: 6,
} as const;

export const PROMO_CODE_MIN_LENGTH = 3;
export const PASSWORD_MIN_LENGTH = 6;

/** Top placement: the first slots of a city's list, bought for a number of days. */
export const TOP_PLACEMENT = { slotsPerCity: 6, days: 7 } as const;

export const UI = {
  stickyHeaderScrollPx: 200,
  badgeCap: 99,
  sessionFlagPollMs: 1000,
  visitTrackingDelayMs: 100,
  mobileMaxWidthPx: 768,
  translationRetries: 5,
  translationRetryBaseMs: 350,
} as const;

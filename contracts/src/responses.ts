/**
 * What the API answers, as valibot schemas: the API declares them on its routes (they drive its
 * serialiser and the OpenAPI document) and the DTO types the front ends use are inferred from
 * them. They describe the server's output and are never used to check a person's input, so
 * unlike the input schemas they carry no message keys. Imported as `contracts/responses`, not
 * from the package's main entry: the front ends share that entry at run time (Module Federation,
 * so nothing in it is tree-shaken) and would ship these schemas to every browser for nothing.
 */
import * as v from 'valibot';
import { LISTING_PAGE_SIZE } from './constants';
import {
  ACCOUNT_ROLES,
  ACCOUNT_TYPES,
  APPEARANCES,
  CATEGORIES,
  COMPLAINT_REASONS,
  COMPLAINT_STATUSES,
  LEDGER_KINDS,
  LOCALES,
  NOTIFICATION_KINDS,
  type NotificationKind,
  MEDIA_KINDS,
  PLACES,
  PROFILE_STATUSES,
  PRICE_LISTS,
  PROMO_TYPES,
  BALANCE_ADJUSTMENT_STATUSES,
  SERVICE_CATEGORY_KEYS,
  PAYMENT_ORDER_STATUSES,
  PAYMENT_PROVIDERS,
  PAYMENT_WEBHOOK_OUTCOMES,
  ADMIN_ACTIONS,
  ADMIN_TARGET_TYPES,
  AD_PLACEMENTS,
  AD_PRICINGS,
  AD_REFUSAL_REASONS,
  CAMPAIGN_ACTIONS,
  CAMPAIGN_STATUSES,
} from './enums';
import { ERROR_CODES } from './errors';
import { PROFILE_ACTIONS, REVIEW_STATES } from './profile-lifecycle';

/** Texts the API stores in both languages; front ends pick by the current locale. */
export const localizedText = v.object({ ru: v.string(), en: v.string() });

/** ISO 8601 date and time. */
const isoDateTime = v.pipe(v.string(), v.isoTimestamp());

/** Calls that only succeed or fail (refresh, logout, restore, analytics, complaints). */
export const ok = v.object({ ok: v.literal(true) });

/** The body of every non-2xx answer. */
export const apiErrorBody = v.object({
  code: v.picklist(ERROR_CODES),
  /** A message in the request's language, for logs and for clients without translations. */
  message: v.string(),
  /** Per-field problems for VALIDATION_FAILED: field path -> message key. */
  fields: v.optional(v.record(v.string(), v.string())),
  /** Seconds until the request may be retried (RATE_LIMITED). */
  retryAfter: v.optional(v.number()),
  /**
   * Values the translated message interpolates: `seconds` for RATE_LIMITED, `date`
   * (the nearest free day, ISO 8601) for SLOTS_FULL.
   */
  params: v.optional(v.record(v.string(), v.union([v.string(), v.number()]))),
});

// --- site -----------------------------------------------------------------------------------

/** GET /api/constants */
export const siteConstants = v.object({ siteSlogan: localizedText });

/** GET /api/health */
export const health = v.object({ status: v.literal('ok'), database: v.picklist(['pglite', 'postgres']) });

/**
 * GET /api/ready: whether a balancer should send this instance traffic. `failed` names the checks
 * that did not pass (`database`, `redis`...); `closing` once the instance has begun to shut down.
 */
export const readiness = v.object({
  status: v.picklist(['ready', 'not_ready', 'closing']),
  failed: v.array(v.string()),
});

// --- catalogue ------------------------------------------------------------------------------

export const cityRef = v.object({ slug: v.string(), name: localizedText });
export const metroRef = v.object({ id: v.number(), name: localizedText });

export const metroStation = v.object({
  ...metroRef.entries,
  line: localizedText,
  /** `#RRGGBB` of the line on the official map, or null when unknown. */
  lineColor: v.nullable(v.string()),
});

export const cityWithMetro = v.object({
  ...cityRef.entries,
  /** Empty for cities without a metro. */
  metro: v.array(metroStation),
});

/** GET /api/cities */
export const cityList = v.object({ items: v.array(cityWithMetro) });

/** One service of the catalogue; `category.code` identifies it in listing filters. */
export const serviceItem = v.object({
  category: v.picklist(SERVICE_CATEGORY_KEYS),
  code: v.string(),
  name: localizedText,
});

/** GET /api/services: the whole catalogue, by category and then in display order. */
export const serviceList = v.object({ items: v.array(serviceItem) });

export const mediaImage = v.object({
  url: v.string(),
  width: v.number(),
  height: v.number(),
  alt: v.string(),
});

const modelCardEntries = {
  id: v.number(),
  name: v.string(),
  age: v.number(),
  category: v.picklist(CATEGORIES),
  city: cityRef,
  metro: v.nullable(metroRef),
  /** Rubles for one hour. */
  priceHour: v.number(),
  photo: v.nullable(mediaImage),
  hasVideo: v.boolean(),
  isOnline: v.boolean(),
  isTop: v.boolean(),
  /** The profile's stream on air now (live or paused): its page is /stream/{id}/{channelId}. */
  liveStream: v.nullable(v.object({ id: v.number(), channelId: v.string() })),
};

/** One card of the listing. */
export const modelCard = v.object(modelCardEntries);

/** GET /api/model */
export const modelList = v.object({
  items: v.array(modelCard),
  total: v.number(),
  page: v.number(),
  perPage: v.literal(LISTING_PAGE_SIZE),
  pageCount: v.number(),
});

export const modelService = v.object({
  category: v.picklist(SERVICE_CATEGORY_KEYS),
  /** Key of the specific service inside its category. */
  code: v.string(),
  name: localizedText,
  description: v.nullable(v.string()),
});

export const modelContacts = v.object({
  phone: v.nullable(v.string()),
  telegram: v.nullable(v.string()),
  whatsapp: v.nullable(v.string()),
  viber: v.nullable(v.string()),
});

/** GET /api/model/{id} */
export const modelDetails = v.object({
  ...modelCardEntries,
  // Not required by the form (PRODUCT_SPEC.md section 5): null when the model left them out.
  height: v.nullable(v.number()),
  weight: v.nullable(v.number()),
  boobs: v.nullable(v.number()),
  appearance: v.nullable(v.picklist(APPEARANCES)),
  prices: v.object({ hour: v.number(), twoHours: v.nullable(v.number()), night: v.nullable(v.number()) }),
  places: v.array(v.picklist(PLACES)),
  contacts: modelContacts,
  description: v.string(),
  services: v.array(modelService),
  photos: v.array(mediaImage),
  video: v.nullable(v.object({ url: v.string(), poster: v.nullable(mediaImage) })),
  publishedAt: isoDateTime,
});

/**
 * POST /api/recommendations: visible profiles, same city and category first, then the same
 * category in other cities, then other categories in the same city.
 */
export const recommendations = v.object({ items: v.array(modelCard) });

/**
 * GET /api/model/{id}/alternatives: for a profile that was published, where it was listed and
 * visible profiles like it (same city and category first); for any other id, or when nothing like
 * it is left, no place and the listing's first profiles.
 */
export const modelAlternatives = v.object({
  category: v.nullable(v.picklist(CATEGORIES)),
  city: v.nullable(cityRef),
  items: v.array(modelCard),
});

/** GET /api/model/streaming-count: profiles broadcasting now (the header's live figure). */
export const streamingCount = v.object({ count: v.number() });

/** GET /api/model/online-count: visible profiles whose model is online now (the header's figure). */
export const onlineModels = v.object({ count: v.number() });

/** GET /api/online-count: browsers connected to the presence socket /ws/online. */
export const onlineCount = v.object({ count: v.number() });

// --- prices ---------------------------------------------------------------------------------

/** One line of a price list. Prices are whole US dollars, as the price page shows them. */
export const priceItem = v.object({
  /** Stable key of the item, e.g. `top_7_days`. */
  code: v.string(),
  title: localizedText,
  /** Moscow and St Petersburg. */
  mskSpbPrice: v.number(),
  /** Every other city. */
  otherPrice: v.number(),
});

/** GET /api/tipping-prices/models-boosting, /additional-services and /ads-boosting. */
export const priceList = v.object({ items: v.array(priceItem) });

/** GET /api/tipping-prices: the price page, profile services first and advertising second. */
export const pricePage = v.object({
  /** The models-boosting list followed by the additional-services list. */
  posting_models: v.array(priceItem),
  ads: v.array(priceItem),
});

// --- accounts -------------------------------------------------------------------------------

/** GET /api/profile, and the answer of every call that signs in or changes the profile. */
export const profile = v.object({
  email: v.string(),
  /** Null until the account chooses one. */
  login: v.nullable(v.string()),
  /** Rubles, with kopecks as decimals (150.5). */
  balance: v.number(),
  /** The same amount in whole kopecks, for exact arithmetic. */
  balanceKopecks: v.number(),
  accountType: v.picklist(ACCOUNT_TYPES),
  accountRole: v.picklist(ACCOUNT_ROLES),
  /** The language of the account's mails. */
  locale: v.picklist(LOCALES),
});

/**
 * GET /api/auth/session: who is signed in, answered without an error for a guest. `profile` is
 * null for a guest; `canRefresh` says a refresh cookie is there, so POST /api/auth/refresh may
 * bring the session back (an expired access token).
 */
export const session = v.object({ profile: v.nullable(profile), canRefresh: v.boolean() });

/** POST /api/auth/send-registration-code and resend-registration-code */
export const registrationCodeSent = v.object({
  /** Seconds until resend-registration-code accepts another request: the client's countdown. */
  resendAvailableInSeconds: v.number(),
  expiresInSeconds: v.number(),
});

/**
 * PUT /api/profile/update/email: a link was mailed to the new address (the answer is the same
 * when the address belongs to another account, whose owner is told instead); the address
 * changes when the link is opened, before it expires.
 */
export const emailChangeRequested = v.object({
  confirmationSent: v.literal(true),
  expiresInSeconds: v.number(),
});

/** A promo code as the client shows and keeps it. */
export const promoCodeInfo = v.object({
  code: v.string(),
  /** In the request's language. */
  description: v.string(),
  promoType: v.picklist(PROMO_TYPES),
  /** Whole rubles for BALANCE_AMOUNT, a percentage of the next top-up for DEPOSIT_PERCENTAGE. */
  amount: v.number(),
});

/** POST /api/promo/validate and /api/promo/validate-public */
export const promoValidate = v.object({ valid: v.literal(true), promocode: promoCodeInfo });

/**
 * POST /api/promo/activate. A BALANCE_AMOUNT code has already been credited; a
 * DEPOSIT_PERCENTAGE code is for the client to keep until the next top-up.
 */
export const promoActivate = v.object({
  promocode: promoCodeInfo,
  activatedAt: isoDateTime,
  /** The account's balance after the activation, in rubles. */
  balance: v.number(),
});

// --- notifications --------------------------------------------------------------------------

/**
 * What each kind of notification carries. Dates are ISO 8601; `price` is whole rubles;
 * `city` is a city slug (the API names the city in the reader's language).
 */
export const notificationParams = {
  profile_approved: v.object({ profileName: v.string() }),
  profile_rejected: v.object({ profileName: v.string(), reason: v.string() }),
  profile_expired: v.object({ profileName: v.string() }),
  profile_blocked: v.object({ profileName: v.string(), comment: v.string() }),
  profile_unblocked: v.object({ profileName: v.string() }),
  video_activated: v.object({ profileName: v.string(), until: v.string() }),
  raised_in_city: v.object({ profileName: v.string(), city: v.string(), price: v.number() }),
  top_placement: v.object({ profileName: v.string(), city: v.string(), until: v.string() }),
  account_blocked: v.object({ comment: v.string() }),
  account_unblocked: v.object({}),
  ad_approved: v.object({ heading: v.string() }),
  ad_rejected: v.object({ heading: v.string(), reason: v.string() }),
  ad_completed: v.object({ heading: v.string(), impressions: v.number(), clicks: v.number() }),
} satisfies Record<NotificationKind, v.GenericSchema>;

export const notificationItemOf = <K extends NotificationKind>(kind: K) =>
  v.object({
    id: v.number(),
    kind: v.literal(kind),
    params: notificationParams[kind],
    /** Translated. */
    title: v.string(),
    /** Translated. */
    text: v.string(),
    read: v.boolean(),
    createdAt: isoDateTime,
  });

/** One notification as GET /api/notifications lists it. */
export const notificationItem = v.variant('kind', NOTIFICATION_KINDS.map(notificationItemOf));

/** GET /api/notifications: newest first. */
export const notificationList = v.object({
  items: v.array(notificationItem),
  total: v.number(),
  page: v.number(),
  perPage: v.number(),
  pageCount: v.number(),
  unreadCount: v.number(),
});

/** GET /api/notifications/unread-count */
export const unreadCount = v.object({ unreadCount: v.number() });

/** PATCH /api/notifications/mark-multiple: how many of the caller's unread ones became read. */
export const markNotifications = v.object({ updated: v.number() });

// --- a model's own profiles ------------------------------------------------------------------

/** One size of an uploaded photo, for `srcset`. */
export const mediaVariant = v.object({ url: v.string(), width: v.number(), height: v.number() });

/**
 * A photo or the video of the profile's working version, as its owner (or a moderator) sees it.
 * `url` is the largest size of a photo or the video file; unapproved files are served only to the
 * owner and administrators.
 */
export const ownMedia = v.object({
  id: v.number(),
  kind: v.picklist(MEDIA_KINDS),
  url: v.string(),
  width: v.nullable(v.number()),
  height: v.nullable(v.number()),
  variants: v.array(mediaVariant),
  /** Order in the profile; the first photo is the main one. */
  position: v.number(),
  /** Whether visitors see it: part of the approved version of a listed profile. */
  approved: v.boolean(),
  sizeBytes: v.nullable(v.number()),
});

/** GET /api/profiles/{id}/media (and the answer of a reorder or removal): the working version's files, in order. */
export const ownMediaList = v.object({ items: v.array(ownMedia) });

/** GET /api/profiles/{id}: the profile as its owner edits it. */
export const ownProfile = v.object({
  id: v.number(),
  /** `cancel` while blocked. */
  status: v.picklist(PROFILE_STATUSES),
  /** For a profile with an approved version: where its latest changes are. */
  review: v.nullable(v.picklist(REVIEW_STATES)),
  /** Why moderation refused the last submission (the profile or its latest changes). */
  rejectReason: v.nullable(v.string()),
  /** Why an administrator blocked it (status `cancel`). */
  blockReason: v.nullable(v.string()),
  /** The working version: every field of the form filled in so far. */
  draft: v.record(v.string(), v.unknown()),
  /** Whether the working version passes the whole form, so it can be sent. */
  complete: v.boolean(),
  /** Fields of the working version that still fail the form: field path -> message key. */
  problems: v.record(v.string(), v.string()),
  /** Whether the working version differs from what was last sent or approved. */
  changed: v.boolean(),
  media: v.array(ownMedia),
  /** What the owner may do now. */
  actions: v.array(v.picklist(PROFILE_ACTIONS)),
  /** Price of one month of publication in the profile's city, whole rubles. */
  monthPrice: v.number(),
  /** Months paid for and not yet started (a first publication waiting for approval). */
  prepaidMonths: v.number(),
  /** What each promotion costs this profile now, whole rubles. */
  promotionPrices: v.object({ top: v.number(), bump: v.number(), video: v.number() }),
  /** In the city's top until then (null: not in the top now). */
  topUntil: v.nullable(isoDateTime),
  /** The video shows until then. */
  videoUntil: v.nullable(isoDateTime),
  bumpedAt: v.nullable(isoDateTime),
  publishedAt: v.nullable(isoDateTime),
  expiresAt: v.nullable(isoDateTime),
  submittedAt: v.nullable(isoDateTime),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

/** GET /api/profiles: the caller's profiles, newest first. */
export const ownProfileList = v.object({ items: v.array(ownProfile) });

/** GET /api/profiles/{id}/views: views per day (distinct visitors), oldest first, days without views as 0. */
export const profileViews = v.object({
  days: v.array(v.object({ day: v.string(), views: v.number() })),
  total: v.number(),
});

/** GET /api/profiles/{id}/complaints: what visitors reported about the profile, per reason. */
export const ownComplaints = v.object({
  items: v.array(v.object({ reason: v.picklist(COMPLAINT_REASONS), count: v.number(), lastAt: isoDateTime })),
  total: v.number(),
});

/**
 * GET /api/profiles/{id}/promotions: what each promotion costs this profile and what is running.
 * `top.free`: slots of the city's top free now for this profile; `nextFreeDate` (YYYY-MM-DD): when
 * none is, the nearest day one frees (the same date SLOTS_FULL gives). `active`: only a listed
 * profile can buy any of them.
 */
export const profilePromotions = v.object({
  active: v.boolean(),
  top: v.object({
    price: v.number(),
    days: v.number(),
    slots: v.number(),
    free: v.number(),
    nextFreeDate: v.nullable(v.string()),
    until: v.nullable(isoDateTime),
  }),
  bump: v.object({ price: v.number(), bumpedAt: v.nullable(isoDateTime) }),
  video: v.object({ price: v.number(), until: v.nullable(isoDateTime), hasVideo: v.boolean() }),
});

/** The caller's balance after a paid action, whole rubles. */
export const ownProfileWithBalance = v.object({ profile: ownProfile, balance: v.number() });

// --- administration -------------------------------------------------------------------------

/** A page of one of the administration's lists. */
const pageOf = <TItem extends v.GenericSchema>(item: TItem) =>
  v.object({
    items: v.array(item),
    total: v.number(),
    page: v.number(),
    perPage: v.number(),
    pageCount: v.number(),
  });

/** An account named in an administration list: who owns a profile, who took an action. */
export const accountRef = v.object({ id: v.number(), email: v.string() });

/** An administrator named on a screen: who holds a claim, who took an action. */
export const adminRef = v.object({ id: v.number(), login: v.nullable(v.string()), email: v.string() });

/** A moderator's live claim on a queue item; `mine` when the caller holds it. */
export const moderationClaim = v.object({ admin: adminRef, until: isoDateTime, mine: v.boolean() });

/** POST /api/admin-panel/moderation/{profiles|campaigns}/{id}/claim */
export const moderationClaimed = v.object({ claim: moderationClaim });

/** GET /api/admin-panel/counts: what waits, for the menu's badges. */
export const adminCounts = v.object({
  /** Profiles waiting for moderation. */
  profiles: v.number(),
  /** Campaigns waiting for moderation. */
  campaigns: v.number(),
  /** Profiles with open complaints. */
  complaints: v.number(),
});

/** A profile as the administration lists it (accounts, complaints, the answer of every action). */
export const adminProfile = v.object({
  id: v.number(),
  /** Null for the demo's profiles, which belong to nobody. */
  accountId: v.nullable(v.number()),
  /** The approved name, or the draft's while there is no approved version. */
  name: v.string(),
  category: v.picklist(CATEGORIES),
  city: v.nullable(cityRef),
  /** As the owner sees it: `cancel` while blocked. */
  status: v.picklist(PROFILE_STATUSES),
  /** The status under a block: what unblocking brings back. */
  lifecycleStatus: v.picklist(PROFILE_STATUSES),
  review: v.nullable(v.picklist(REVIEW_STATES)),
  isBlocked: v.boolean(),
  blockReason: v.nullable(v.string()),
  /** Blocked on its own (`profile`) or with its whole account (`account`). */
  blockSource: v.nullable(v.picklist(['profile', 'account'])),
  /** Set while complaints hide it from visitors until a moderator reviews them. */
  heldAt: v.nullable(isoDateTime),
  openComplaints: v.number(),
  submittedAt: v.nullable(isoDateTime),
  publishedAt: v.nullable(isoDateTime),
  expiresAt: v.nullable(isoDateTime),
});

/** What a submitted version changes in the approved one. */
export const profileChanges = v.object({
  /** Dot paths of the form's fields that differ (`name`, `prices.hour`, `services`). */
  fields: v.array(v.string()),
  /** Ids of files the submitted version adds. */
  mediaAdded: v.array(v.number()),
  /** Ids of approved files the submitted version drops. */
  mediaRemoved: v.array(v.number()),
  /** Whether the files both versions keep come in another order. */
  mediaReordered: v.boolean(),
});

/** One profile waiting for moderation. */
export const moderationQueueItem = v.object({
  id: v.number(),
  owner: v.nullable(accountRef),
  /** The submitted name. */
  name: v.string(),
  /** The submitted city. */
  city: v.nullable(cityRef),
  submittedAt: isoDateTime,
  /** Never approved before: the whole profile is new, so `changes` is null. */
  firstPublication: v.boolean(),
  changes: v.nullable(profileChanges),
  /** Another moderator's (or the caller's) live claim, or null. */
  claim: v.nullable(moderationClaim),
});

/** GET /api/admin-panel/moderation/profiles: oldest submission first. */
export const moderationQueue = pageOf(moderationQueueItem);

/** GET /api/admin-panel/moderation/profiles/{id}: the submitted version beside the approved one. */
export const moderationDetails = v.object({
  profile: adminProfile,
  owner: v.nullable(accountRef),
  /** Whether it waits for moderation now (approve and reject answer 409 otherwise). */
  waiting: v.boolean(),
  firstPublication: v.boolean(),
  /** The working version in the form's shape: what approval would publish. */
  submitted: v.record(v.string(), v.unknown()),
  /** The approved version in the form's shape; null before the first approval. */
  approved: v.nullable(v.record(v.string(), v.unknown())),
  /** Files of the working version in its order, public or not. */
  submittedMedia: v.array(ownMedia),
  /** Files visitors see, in their order. */
  approvedMedia: v.array(ownMedia),
  changes: v.nullable(profileChanges),
  /** Why the last submission was refused, if it was. */
  rejectReason: v.nullable(v.string()),
  claim: v.nullable(moderationClaim),
});

/** An account as the administration lists it. */
export const adminAccount = v.object({
  id: v.number(),
  email: v.string(),
  login: v.nullable(v.string()),
  accountType: v.picklist(ACCOUNT_TYPES),
  role: v.picklist(ACCOUNT_ROLES),
  locale: v.picklist(LOCALES),
  /** Set while an administrator has blocked the account. */
  blockedAt: v.nullable(isoDateTime),
  blockComment: v.nullable(v.string()),
  profileCount: v.number(),
  createdAt: isoDateTime,
});

/** GET /api/admin-panel/accounts: newest first. */
export const adminAccountList = pageOf(adminAccount);

/** One entry of an account's ledger: money in (positive) or out (negative). */
export const adminLedgerLine = v.object({
  id: v.number(),
  transactionId: v.number(),
  kind: v.picklist(LEDGER_KINDS),
  reference: v.string(),
  metadata: v.record(v.string(), v.union([v.string(), v.number()])),
  /** Rubles, with kopecks as decimals. */
  amount: v.number(),
  amountKopecks: v.number(),
  createdAt: isoDateTime,
});

/** An advertiser's campaign on the account's page. */
export const adminAccountCampaign = v.object({
  id: v.number(),
  /** Empty while a draft has none. */
  heading: v.string(),
  status: v.picklist(CAMPAIGN_STATUSES),
  /** YYYY-MM-DD, both included; null while a draft has no dates. */
  startsAt: v.nullable(v.string()),
  endsAt: v.nullable(v.string()),
  /** Bought impressions (per-impression pricing), else null. */
  impressionsBought: v.nullable(v.number()),
  impressionsDelivered: v.number(),
  /** Impressions and clicks reported but refused (not counted, not billed). */
  impressionsRefused: v.number(),
  clicksRefused: v.number(),
  createdAt: isoDateTime,
});

/** A signed-in device of the account: not signed out, not expired. */
export const adminAccountSession = v.object({
  id: v.string(),
  createdAt: isoDateTime,
  lastUsedAt: isoDateTime,
  expiresAt: isoDateTime,
  userAgent: v.nullable(v.string()),
  ip: v.nullable(v.string()),
});

/** GET /api/admin-panel/accounts/{id}, and the answer of blocking or unblocking it. */
export const adminAccountDetails = v.object({
  account: adminAccount,
  /** Rubles, with kopecks as decimals. */
  balance: v.number(),
  balanceKopecks: v.number(),
  /** Newest first. */
  profiles: v.array(adminProfile),
  /** The latest entries, newest first. */
  ledger: v.array(adminLedgerLine),
  /** The latest campaigns (at most ADMIN_ACCOUNT_CAMPAIGNS), newest first. */
  campaigns: v.array(adminAccountCampaign),
  /** Live sessions, newest first. */
  sessions: v.array(adminAccountSession),
});

/** Complaints about one profile that wait for a moderator. */
export const complaintQueueItem = v.object({
  profile: adminProfile,
  /** Open complaints. */
  count: v.number(),
  /** Distinct visitors among them. */
  visitors: v.number(),
  /** Open complaints per reason. */
  reasons: v.object(
    Object.fromEntries(COMPLAINT_REASONS.map((reason) => [reason, v.number()])) as Record<
      (typeof COMPLAINT_REASONS)[number],
      v.NumberSchema<undefined>
    >,
  ),
  latestAt: isoDateTime,
});

/** GET /api/admin-panel/complaints: held profiles first, then by the number of open complaints. */
export const complaintQueue = pageOf(complaintQueueItem);

export const adminComplaint = v.object({
  id: v.number(),
  reason: v.picklist(COMPLAINT_REASONS),
  text: v.nullable(v.string()),
  status: v.picklist(COMPLAINT_STATUSES),
  /** The visitor's day (Moscow time) the complaint counts for. */
  day: v.string(),
  /** A short tag of the visitor (the same tag is the same visitor); never who it is. */
  visitor: v.string(),
  createdAt: isoDateTime,
});

/** GET /api/admin-panel/complaints/profiles/{id}: newest first, open or not. */
export const profileComplaints = v.object({
  profile: adminProfile,
  items: v.array(adminComplaint),
  total: v.number(),
  page: v.number(),
  perPage: v.number(),
  pageCount: v.number(),
});

// --- payments -------------------------------------------------------------------------------

/** A top-up order as its owner sees it. Amounts in rubles (credited ones may have kopecks). */
export const paymentOrder = v.object({
  id: v.string(),
  provider: v.picklist(PAYMENT_PROVIDERS),
  /** Whole rubles asked for. */
  amount: v.number(),
  status: v.picklist(PAYMENT_ORDER_STATUSES),
  /** What reached the balance from the payment: the amount, part of it, or 0. */
  credited: v.number(),
  /** The deposit-percentage promo sent with the order, and the bonus it credited (0 until then). */
  promoCode: v.nullable(v.string()),
  bonusPercent: v.nullable(v.number()),
  bonus: v.number(),
  /** The crypto currency and amount the gateway asks for, once it has said. */
  payCurrency: v.nullable(v.string()),
  payAmount: v.nullable(v.string()),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

/** POST /api/payments/orders */
export const paymentOrderCreated = v.object({
  order: paymentOrder,
  /** The gateway's payment page: the sandbox's page on this server, or NOWPayments' invoice. */
  paymentUrl: v.string(),
});

/** GET /api/payments/orders: newest first. */
export const paymentOrderList = v.object({
  items: v.array(paymentOrder),
  total: v.number(),
  page: v.number(),
  perPage: v.number(),
  pageCount: v.number(),
});

/** One line of the audit log. */
export const auditEntry = v.object({
  id: v.number(),
  /** Null when the administrator's account was deleted since. */
  admin: v.nullable(adminRef),
  action: v.picklist(ADMIN_ACTIONS),
  targetType: v.picklist(ADMIN_TARGET_TYPES),
  targetId: v.number(),
  reason: v.nullable(v.string()),
  details: v.record(v.string(), v.unknown()),
  createdAt: isoDateTime,
});

/** GET /api/admin-panel/audit: newest first. */
export const auditLog = pageOf(auditEntry);

/** A webhook the API accepted: processed, or recognised as already processed. */
export const paymentWebhookAccepted = v.object({
  ok: v.literal(true),
  status: v.picklist(PAYMENT_ORDER_STATUSES),
});

// --- development ----------------------------------------------------------------------------

export const devMailMessage = v.object({
  id: v.number(),
  to: v.string(),
  kind: v.string(),
  locale: v.picklist(LOCALES),
  subject: v.string(),
  text: v.string(),
  createdAt: isoDateTime,
  /** When SMTP accepted it; null when the outbox was the only delivery. */
  sentAt: v.nullable(isoDateTime),
});

/** GET /api/dev/mail.json: newest first, at most 50. */
export const devMail = v.object({ messages: v.array(devMailMessage) });

// --- advertising ----------------------------------------------------------------------------

/** An ad's image: re-encoded by the media pipeline, public once the campaign is approved. */
export const adImage = v.object({ url: v.string(), width: v.number(), height: v.number() });

/** A campaign as its advertiser (or a moderator) sees it. Money in whole rubles. */
export const campaign = v.object({
  id: v.number(),
  status: v.picklist(CAMPAIGN_STATUSES),
  /** Blank fields of a draft come as empty texts. */
  format: v.string(),
  heading: v.string(),
  description: v.string(),
  link: v.string(),
  buttonText: v.string(),
  image: v.nullable(adImage),
  placement: v.nullable(v.picklist(AD_PLACEMENTS)),
  cities: v.array(cityRef),
  pricing: v.nullable(v.picklist(AD_PRICINGS)),
  /** Bought impressions (per-impression pricing). */
  impressions: v.nullable(v.number()),
  /** Impressions counted so far, and clicks. */
  impressionsServed: v.number(),
  clicks: v.number(),
  /** Impressions and clicks reported but refused (not counted, not billed): see AD_REFUSAL_REASONS. */
  refusedImpressions: v.number(),
  refusedClicks: v.number(),
  /** YYYY-MM-DD, both included. */
  startsOn: v.nullable(v.string()),
  endsOn: v.nullable(v.string()),
  /** What a day costs (per-day pricing), and the whole campaign; null until the settings allow a quote. */
  costPerDay: v.nullable(v.number()),
  total: v.nullable(v.number()),
  /** What the advertiser paid for it (0 before sending, and after a refund). */
  paid: v.number(),
  rejectReason: v.nullable(v.string()),
  /** Fields of the form that still fail (field path -> message key); empty when it can be sent. */
  problems: v.record(v.string(), v.string()),
  /** Whether content changed since it was last sent (a published ad's edit waits to be sent). */
  changed: v.boolean(),
  actions: v.array(v.picklist(CAMPAIGN_ACTIONS)),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
  submittedAt: v.nullable(isoDateTime),
  publishedAt: v.nullable(isoDateTime),
});

/** GET /api/campaigns: one tab, newest first. */
export const campaignList = v.object({
  items: v.array(campaign),
  total: v.number(),
  page: v.number(),
  pageSize: v.number(),
});

/** POST /api/campaigns/{id}/submit: the campaign and the balance after paying. */
export const campaignWithBalance = v.object({ campaign, balance: v.number() });

/** DELETE /api/campaigns/{id}: the balance after a refund (or unchanged). */
export const balanceOnly = v.object({ balance: v.number() });

/**
 * GET /api/campaigns/quote. Whole rubles. `costPerDay` is null for per-impression pricing, which
 * costs `per1000` for each thousand impressions; `total` is what sending the campaign charges.
 */
export const campaignQuote = v.object({
  costPerDay: v.nullable(v.number()),
  per1000: v.nullable(v.number()),
  days: v.number(),
  minDays: v.number(),
  total: v.number(),
});

/** GET /api/campaigns/calendar: free slots per day of the month (0: fully booked; past days 0). */
export const campaignCalendar = v.object({
  month: v.string(),
  slotsPerDay: v.number(),
  days: v.array(v.object({ day: v.string(), free: v.number() })),
  /** The nearest start date from today with AD_MIN_DAYS free days in a row, or null when none within a year. */
  nextFreeDate: v.nullable(v.string()),
});

/** GET /api/campaigns/{id}/stats and /api/campaigns/stats: oldest day first, spend in rubles. */
export const campaignStats = v.object({
  days: v.array(
    v.object({
      day: v.string(),
      impressions: v.number(),
      clicks: v.number(),
      spend: v.number(),
      /** Reported but refused that day: not counted, not billed. */
      refusedImpressions: v.number(),
      refusedClicks: v.number(),
    }),
  ),
  totals: v.object({
    impressions: v.number(),
    clicks: v.number(),
    spend: v.number(),
    refusedImpressions: v.number(),
    refusedClicks: v.number(),
  }),
  /** The refused ones of the period by reason, in AD_REFUSAL_REASONS order; reasons with none left out. */
  refused: v.array(
    v.object({ reason: v.picklist(AD_REFUSAL_REASONS), impressions: v.number(), clicks: v.number() }),
  ),
});

/** One ad a page shows. `token` names the slot for counting; `clickUrl` is our own redirect. */
export const servedAd = v.object({
  token: v.string(),
  format: v.string(),
  heading: v.string(),
  description: v.string(),
  buttonText: v.string(),
  image: v.nullable(adImage),
  clickUrl: v.string(),
});

/** GET /api/ads */
export const servedAds = v.object({ ads: v.array(servedAd) });

/** A campaign in the administration's moderation of ads. */
export const adminCampaign = v.object({ campaign, owner: accountRef, claim: v.nullable(moderationClaim) });

/** GET /api/admin-panel/moderation/campaigns: oldest sent first. */
export const adminCampaignQueue = pageOf(adminCampaign);

// --- administration: money ------------------------------------------------------------------

/** A top-up order as the administration sees it. Money in rubles and in kopecks. */
export const adminPaymentOrder = v.object({
  id: v.string(),
  account: accountRef,
  provider: v.picklist(PAYMENT_PROVIDERS),
  status: v.picklist(PAYMENT_ORDER_STATUSES),
  /** What was asked. */
  amount: v.number(),
  amountKopecks: v.number(),
  /** What reached the balance from the payment (0 until it is paid). */
  credited: v.number(),
  creditedKopecks: v.number(),
  bonusPercent: v.nullable(v.number()),
  providerInvoiceId: v.nullable(v.string()),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});

/** GET /api/admin-panel/payments/orders: newest first. */
export const adminPaymentOrderList = pageOf(adminPaymentOrder);

/** A gateway's webhook about an order, exactly as it arrived. */
export const adminPaymentWebhook = v.object({
  id: v.number(),
  receivedAt: isoDateTime,
  processedAt: v.nullable(isoDateTime),
  /** The gateway's `payment_status` as sent. */
  paymentStatus: v.nullable(v.string()),
  outcome: v.picklist(PAYMENT_WEBHOOK_OUTCOMES),
  rawBody: v.string(),
});

/** GET /api/admin-panel/payments/orders/{id}: the order and its webhooks, oldest first. */
export const adminPaymentOrderDetails = v.object({
  order: adminPaymentOrder,
  webhooks: v.array(adminPaymentWebhook),
});

/** A promo code as the administration sees it. `validFrom` and `validUntil` are days, both included. */
export const adminPromoCode = v.object({
  id: v.number(),
  code: v.string(),
  promoType: v.picklist(PROMO_TYPES),
  /** Whole rubles for BALANCE_AMOUNT, a percentage for DEPOSIT_PERCENTAGE. */
  amount: v.number(),
  accountType: v.nullable(v.picklist(ACCOUNT_TYPES)),
  maxActivations: v.nullable(v.number()),
  activationCount: v.number(),
  validFrom: v.nullable(v.string()),
  validUntil: v.nullable(v.string()),
  isActive: v.boolean(),
  descriptionRu: v.string(),
  descriptionEn: v.string(),
  createdAt: isoDateTime,
});

/** GET /api/admin-panel/promo-codes: newest first. */
export const adminPromoCodeList = pageOf(adminPromoCode);

/** Who requested or decided a balance adjustment (null once that account is deleted). */
const adjustmentAdmin = v.nullable(v.object({ id: v.number(), email: v.string() }));

/**
 * A balance adjustment above the approval threshold: `pending` moves no money until a second
 * administrator approves it. `canApprove` is whether the administrator asking may approve it
 * (not the one who requested it, nor the account's own holder).
 */
export const adminBalanceAdjustment = v.object({
  id: v.number(),
  account: v.object({ id: v.number(), email: v.string() }),
  /** Rubles, negative to take away. */
  amount: v.number(),
  amountKopecks: v.number(),
  reason: v.string(),
  status: v.picklist(BALANCE_ADJUSTMENT_STATUSES),
  requestedBy: adjustmentAdmin,
  decidedBy: adjustmentAdmin,
  canApprove: v.boolean(),
  /** The ledger transaction an approval posted. */
  transactionId: v.nullable(v.number()),
  createdAt: isoDateTime,
  decidedAt: v.nullable(isoDateTime),
});

/** GET /api/admin-panel/adjustments: the pending ones, oldest first. */
export const adminBalanceAdjustmentList = v.object({ items: v.array(adminBalanceAdjustment) });

/**
 * POST /api/admin-panel/accounts/{id}/adjustments above the threshold (202): the request waits for
 * a second administrator; nothing moved.
 */
export const adminAdjustmentPending = v.object({ adjustment: adminBalanceAdjustment });

// --- administration: site -------------------------------------------------------------------

/** A line of a price list as the administration edits it: whole US dollars. */
export const adminPriceItem = v.object({
  list: v.picklist(PRICE_LISTS),
  code: v.string(),
  titleRu: v.string(),
  titleEn: v.string(),
  mskSpbPrice: v.number(),
  otherPrice: v.number(),
  sort: v.number(),
});

/** PUT /api/admin-panel/site/slogan */
export const adminSlogan = v.object({ slogan: localizedText });

/** GET /api/admin-panel/site: the slogan and every price, by list and order. */
export const adminSite = v.object({ slogan: localizedText, prices: v.array(adminPriceItem) });

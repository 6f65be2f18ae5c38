import {
  ACCOUNT_ROLES,
  ACCOUNT_TYPES,
  ADMIN_TARGET_TYPES,
  AD_PLACEMENTS,
  AD_PRICINGS,
  AD_REFUSAL_REASONS,
  type AdRefusalReason,
  APPEARANCES,
  CAMPAIGN_STATUSES,
  CATEGORIES,
  COMPLAINT_REASONS,
  LEDGER_KINDS,
  LOCALES,
  MEDIA_KINDS,
  MODERATION_CLAIM_TARGETS,
  NOTIFICATION_KINDS,
  PAYMENT_ORDER_STATUSES,
  PAYMENT_PROVIDERS,
  PAYMENT_WEBHOOK_OUTCOMES,
  BALANCE_ADJUSTMENT_STATUSES,
  REFUSED_PAYMENT_WEBHOOK_OUTCOMES,
  type PaymentWebhookOutcome,
  PLACES,
  PRICE_LISTS,
  PROFILE_BOUNDS,
  PROFILE_STATUSES,
  PROMO_TYPES,
  REVIEW_STATES,
  SERVICE_CATEGORY_KEYS,
  SYSTEM_LEDGER_ACCOUNTS,
} from 'contracts';
import { STREAM_END_REASONS, type StreamEndReason } from 'contracts/streams';
import {
  ERROR_SOURCES,
  type ErrorSource,
  GUARD_SESSIONS_MAX,
  GUARD_SESSIONS_MIN,
  VITAL_NAMES,
  type VitalName,
} from 'contracts/telemetry';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Text columns with a CHECK instead of PostgreSQL enums: adding or retiring a value is then a
 * one-line constraint change, and the allowed values come from `contracts`, the one place
 * they are defined.
 */
function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map(quoteLiteral).join(', '))})`;
}

function quoteLiteral(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

function between(column: AnyPgColumn, range: { min: number; max: number }): SQL {
  return sql`${column} between ${sql.raw(String(range.min))} and ${sql.raw(String(range.max))}`;
}

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const accounts = pgTable(
  'accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    login: text('login'),
    accountType: text('account_type').notNull().$type<(typeof ACCOUNT_TYPES)[number]>(),
    role: text('role').notNull().default('user').$type<(typeof ACCOUNT_ROLES)[number]>(),
    locale: text('locale').notNull().default('ru').$type<(typeof LOCALES)[number]>(),
    /**
     * The sum of the account's ledger entries, kept in the same transaction as each entry so a
     * balance check and a debit cannot race; the CHECK makes overdrawing impossible.
     */
    balanceKopecks: bigint('balance_kopecks', { mode: 'number' }).notNull().default(0),
    /** Set while an administrator has blocked the account; its profiles are blocked with it. */
    blockedAt: timestamp('blocked_at', { withTimezone: true }),
    blockComment: text('block_comment'),
    ...timestamps,
  },
  (t) => [
    check('accounts_balance_check', sql`${t.balanceKopecks} >= 0`),
    // Case-insensitive: "Anna@Mail.ru" and "anna@mail.ru" are one mailbox and one login.
    uniqueIndex('accounts_email_key').on(sql`lower(${t.email})`),
    uniqueIndex('accounts_login_key').on(sql`lower(${t.login})`),
    check('accounts_account_type_check', oneOf(t.accountType, ACCOUNT_TYPES)),
    check('accounts_role_check', oneOf(t.role, ACCOUNT_ROLES)),
    check('accounts_locale_check', oneOf(t.locale, LOCALES)),
    check('accounts_email_check', sql`${t.email} like '%_@_%'`),
    check('accounts_login_check', sql`${t.login} ~ '^[A-Za-z0-9]{1,40}$'`),
  ],
);

export const cities = pgTable(
  'cities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull().unique('cities_slug_key'),
    nameRu: text('name_ru').notNull(),
    nameEn: text('name_en').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [check('cities_slug_check', sql`${t.slug} ~ '^[a-z0-9-]{2,40}$'`)],
);

export const metroStations = pgTable(
  'metro_stations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'cascade' }),
    nameRu: text('name_ru').notNull(),
    nameEn: text('name_en').notNull(),
    lineRu: text('line_ru').notNull(),
    lineEn: text('line_en').notNull(),
    /** The line's colour on the official map, for the dot beside a station name. */
    lineColor: text('line_color'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    unique('metro_stations_city_line_name_key').on(t.cityId, t.lineEn, t.nameEn),
    index('metro_stations_city_idx').on(t.cityId, t.sort),
    check('metro_stations_line_color_check', sql`${t.lineColor} ~ '^#[0-9A-F]{6}$'`),
  ],
);

export const services = pgTable(
  'services',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    category: text('category').notNull().$type<(typeof SERVICE_CATEGORY_KEYS)[number]>(),
    code: text('code').notNull(),
    nameRu: text('name_ru').notNull(),
    nameEn: text('name_en').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    unique('services_category_code_key').on(t.category, t.code),
    check('services_category_check', oneOf(t.category, SERVICE_CATEGORY_KEYS)),
    check('services_code_check', sql`${t.code} ~ '^[a-z0-9-]{2,40}$'`),
  ],
);

/** Statuses a visitor may see; every other status, and any blocked or held profile, stays hidden. */
export const VISIBLE_STATUSES = ['active', 'published'] as const;

/**
 * Written with literals rather than bound parameters so that PostgreSQL can match the
 * listing's WHERE clause against the partial indexes' predicate.
 */
/**
 * A category's key in the listing (model_profiles.category_key): its place in CATEGORIES, from 1;
 * null for a text that is no category. `category` is a column or a value.
 */
export function categoryKeyOf(category: SQL | AnyPgColumn): SQL {
  const list = CATEGORIES.map((value) => `'${value}'`).join(', ');
  return sql`array_position(array[${sql.raw(list)}]::text[], ${category})::smallint`;
}

function visibleWhere(status: AnyPgColumn, isBlocked: AnyPgColumn, heldAt: AnyPgColumn): SQL {
  return sql`${oneOf(status, VISIBLE_STATUSES)} and ${isBlocked} = false and ${heldAt} is null`;
}

export const modelProfiles = pgTable(
  'model_profiles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    category: text('category').notNull().$type<(typeof CATEGORIES)[number]>(),
    // A draft may be saved before every section of the editor is filled, so the form's
    // required fields are enforced for listed profiles by `model_profiles_listed_complete`.
    cityId: integer('city_id').references(() => cities.id, { onDelete: 'restrict' }),
    metroId: integer('metro_id').references(() => metroStations.id, { onDelete: 'set null' }),
    age: integer('age'),
    height: integer('height'),
    weight: integer('weight'),
    boobs: integer('boobs'),
    appearance: text('appearance').$type<(typeof APPEARANCES)[number]>(),
    /** Whole rubles. */
    priceHour: integer('price_hour'),
    priceTwoHours: integer('price_two_hours'),
    priceNight: integer('price_night'),
    places: text('places').array().notNull().default(sql`'{}'::text[]`).$type<(typeof PLACES)[number][]>(),
    phone: text('phone'),
    telegram: text('telegram'),
    whatsapp: text('whatsapp'),
    viber: text('viber'),
    description: text('description'),
    status: text('status').notNull().default('draft').$type<(typeof PROFILE_STATUSES)[number]>(),
    isBlocked: boolean('is_blocked').notNull().default(false),
    blockReason: text('block_reason'),
    /** Who blocked it: an administrator the profile itself, or with its whole account. */
    blockSource: text('block_source').$type<'profile' | 'account'>(),
    /**
     * Set when complaints from enough distinct visitors in a day hide the profile until a
     * moderator reviews it (dismissing the complaints clears it).
     */
    heldAt: timestamp('held_at', { withTimezone: true }),
    /**
     * The owner's working version: the form's fields filled in so far (`ProfileDraft`). The
     * columns above hold the approved version, the only one a visitor ever sees; approval copies
     * the revision into them.
     */
    revision: jsonb('revision').notNull().default({}).$type<Record<string, unknown>>(),
    /** For a profile with an approved version: its latest changes wait for moderation or were rejected. */
    review: text('review').$type<(typeof REVIEW_STATES)[number]>(),
    rejectReason: text('reject_reason'),
    /** When the profile or its latest changes were sent for moderation: the queue's order. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** Fingerprint of the version last sent, and of the approved one: sending needs a change. */
    submittedHash: text('submitted_hash'),
    approvedHash: text('approved_hash'),
    /** Months of publication paid for and not yet started: they start on approval. */
    prepaidMonths: integer('prepaid_months').notNull().default(0),
    isOnline: boolean('is_online').notNull().default(false),
    hasVideo: boolean('has_video').notNull().default(false),
    topUntil: timestamp('top_until', { withTimezone: true }),
    /** Video display is bought per month: the approved video shows while this is in the future. */
    videoUntil: timestamp('video_until', { withTimezone: true }),
    bumpedAt: timestamp('bumped_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /**
     * The listing's keys for the category and the bump, kept by PostgreSQL from the columns they
     * stand for: the category's place in CATEGORIES (categoryKeyOf), and the bump or -infinity
     * for a profile never bumped (the same order as `bumped_at desc nulls last`). The listing
     * indexes lead with them instead of a text and a column that is mostly null: an index entry
     * of fixed-width values, none null up to the filters, is read at known offsets, where a text
     * or a null before a column made PostgreSQL walk the entry for every column it checked (the
     * skip to a deep page's offset: about half its work).
     */
    // Not `not null`: a text that is no category is refused by model_profiles_category_check.
    categoryKey: smallint('category_key').generatedAlwaysAs(() => categoryKeyOf(sql`category`)),
    bumpKey: timestamp('bump_key', { withTimezone: true })
      .notNull()
      .generatedAlwaysAs(sql`coalesce(bumped_at, '-infinity'::timestamptz)`),
    ...timestamps,
  },
  (t) => {
    const visible = visibleWhere(t.status, t.isBlocked, t.heldAt);
    const bounds = PROFILE_BOUNDS;
    return [
      check('model_profiles_category_check', oneOf(t.category, CATEGORIES)),
      check('model_profiles_status_check', oneOf(t.status, PROFILE_STATUSES)),
      check('model_profiles_appearance_check', oneOf(t.appearance, APPEARANCES)),
      check(
        'model_profiles_name_check',
        sql`char_length(${t.name}) between ${sql.raw(String(bounds.nameLength.min))} and ${sql.raw(String(bounds.nameLength.max))}`,
      ),
      check('model_profiles_age_check', between(t.age, bounds.age)),
      check('model_profiles_height_check', between(t.height, bounds.height)),
      check('model_profiles_weight_check', between(t.weight, bounds.weight)),
      check('model_profiles_boobs_check', between(t.boobs, bounds.boobs)),
      check(
        'model_profiles_price_hour_check',
        between(t.priceHour, { min: bounds.price.min, max: bounds.price.hourMax }),
      ),
      check(
        'model_profiles_price_two_hours_check',
        between(t.priceTwoHours, { min: bounds.price.min, max: bounds.price.twoHoursMax }),
      ),
      check(
        'model_profiles_price_night_check',
        between(t.priceNight, { min: bounds.price.min, max: bounds.price.nightMax }),
      ),
      check(
        'model_profiles_places_check',
        sql`${t.places} <@ array[${sql.raw(PLACES.map(quoteLiteral).join(', '))}]::text[]`,
      ),
      check('model_profiles_block_reason_check', sql`${t.blockReason} is null or ${t.isBlocked}`),
      check('model_profiles_block_source_check', sql`${t.blockSource} in ('profile', 'account')`),
      check('model_profiles_review_check', oneOf(t.review, REVIEW_STATES)),
      check('model_profiles_prepaid_months_check', sql`${t.prepaidMonths} >= 0`),
      // A profile a visitor can see has everything the form requires (PRODUCT_SPEC.md section 5);
      // height, weight, bust size and appearance are optional, so they may be null here.
      check(
        'model_profiles_listed_complete',
        sql`not (${oneOf(t.status, VISIBLE_STATUSES)}) or (
          ${t.cityId} is not null and ${t.age} is not null
          and ${t.priceHour} is not null and ${t.description} is not null
          and ${t.publishedAt} is not null and cardinality(${t.places}) > 0
          and num_nonnulls(${t.phone}, ${t.telegram}, ${t.whatsapp}, ${t.viber}) > 0
        )`,
      ),
      // The listing reads only visible rows, filtered by category and/or city, newest bump
      // first; partial indexes keep hidden rows out of them. Top placement (`top_until >
      // now()`) depends on the clock, so it cannot lead an index: the listing reads the few
      // active tops on their own (model_profiles_listing_top_idx) and the rest in index order.
      // The trailing columns are what the listing filters on besides the leading ones (online,
      // video, the hourly price, and the clock's `expires_at` and `top_until`, last as they are
      // mostly null), so those filters, and a deep page's offset, run on the index alone without
      // reading the table. The keys are category_key and bump_key, never null, not the text
      // category and the mostly null bumped_at (see categoryKey).
      index('model_profiles_listing_category_idx')
        .on(
          t.categoryKey,
          t.bumpKey.desc(),
          t.publishedAt.desc(),
          t.id.desc(),
          t.isOnline,
          t.hasVideo,
          t.priceHour,
          t.expiresAt,
          t.topUntil,
        )
        .where(visible),
      index('model_profiles_listing_city_idx')
        .on(
          t.cityId,
          t.categoryKey,
          t.bumpKey.desc(),
          t.publishedAt.desc(),
          t.id.desc(),
          t.isOnline,
          t.hasVideo,
          t.priceHour,
          t.expiresAt,
          t.topUntil,
        )
        .where(visible),
      // Metro narrows a Moscow or St Petersburg list the most; the online filter is the header
      // counter's link, so both get their own partial indexes in listing order.
      index('model_profiles_listing_metro_idx')
        .on(
          t.metroId,
          t.categoryKey,
          t.bumpKey.desc(),
          t.publishedAt.desc(),
          t.id.desc(),
          t.isOnline,
          t.hasVideo,
          t.expiresAt,
          t.topUntil,
        )
        .where(sql`${visible} and ${t.metroId} is not null`),
      index('model_profiles_listing_online_idx')
        .on(
          t.categoryKey,
          t.bumpKey.desc(),
          t.publishedAt.desc(),
          t.id.desc(),
          t.cityId,
          t.hasVideo,
          t.priceHour,
          t.expiresAt,
          t.topUntil,
        )
        .where(sql`${visible} and ${t.isOnline} = true`),
      // Profiles whose paid time runs, by its end: the expiry job finds the ones that are over
      // without reading the table, and the listing's maintained totals subtract the listed ones
      // the job has not flipped yet (normally none; see listing_counts).
      index('model_profiles_expires_idx')
        .on(t.expiresAt)
        .where(sql`${oneOf(t.status, ['active', 'published', 'unactive'])} and ${t.expiresAt} is not null`),
      index('model_profiles_top_idx').on(t.cityId, t.topUntil).where(sql`${t.topUntil} is not null`),
      // The listing's active tops (a few paid slots per city), read on their own: on this index
      // alone, with what the listing orders and filters them by, so no top's row is read.
      index('model_profiles_listing_top_idx')
        .on(
          t.topUntil,
          t.categoryKey,
          t.cityId,
          t.bumpKey,
          t.publishedAt,
          t.id,
          t.isOnline,
          t.hasVideo,
          t.priceHour,
          t.expiresAt,
        )
        .where(sql`${visible} and ${t.topUntil} is not null`),
      index('model_profiles_account_idx').on(t.accountId),
      index('model_profiles_moderation_idx')
        .on(t.submittedAt)
        .where(sql`${t.status} = 'pending' or ${t.review} = 'pending'`),
    ];
  },
);

/**
 * A profile a visitor may see: a visible status, not blocked, and its paid time not over (a
 * profile without an expiry date, as the demo's oldest, does not expire). The expiry depends on
 * the clock, so it cannot be part of the partial indexes' predicate; the indexes carry
 * `expires_at` as a trailing column instead, so the check still runs on the index alone.
 */
export const profileIsVisible: SQL = sql`${visibleWhere(modelProfiles.status, modelProfiles.isBlocked, modelProfiles.heldAt)} and (${modelProfiles.expiresAt} is null or ${modelProfiles.expiresAt} > now())`;

/** Listed: visible but for the clock (its paid time may be over, the expiry job not run yet). */
export const profileIsListed: SQL = visibleWhere(
  modelProfiles.status,
  modelProfiles.isBlocked,
  modelProfiles.heldAt,
);

/**
 * How many listed profiles (profileIsListed) there are per category, city, online flag, video
 * flag and hourly price, and per category, city and flags for every price (`price_hour` 0), so
 * the listing's totals need no count of rows. Triggers on model_profiles keep it in the
 * transaction of every write (migration 0011_listing_counts): a statement's change is appended
 * as rows of its own and merged into one row per key when no other transaction is merging, so a
 * key may have several rows at once. Read it by summing `n`. The listing subtracts the profiles
 * whose paid time is over but whose status the expiry job has not flipped yet.
 */
/**
 * Each profile's listing card as JSON, kept by triggers on model_profiles, media, cities and
 * metro_stations in the transaction of every write (migration 0022_listing_cards), so that a
 * listing page reads one row per card instead of joining its city, metro and first photo: the
 * card's fields that change only with an edit (`head`: `{"id":...,"priceHour":...,"photo":`),
 * and its photo up to the description's text (`photo`: `{"url":...,"alt":"<name>`; null without
 * a public photo), to which the listing adds the description's words in the page's language and
 * the fields that change on their own (video, online, top, live stream). `complete` is false for
 * a profile without an age or an hourly price, which the listing never shows.
 */
export const listingCards = pgTable('listing_cards', {
  profileId: integer('profile_id')
    .primaryKey()
    .references(() => modelProfiles.id, { onDelete: 'cascade' }),
  head: text('head'),
  photo: text('photo'),
  complete: boolean('complete').notNull(),
});

export const listingCounts = pgTable(
  'listing_counts',
  {
    category: text('category').notNull().$type<(typeof CATEGORIES)[number]>(),
    cityId: integer('city_id').notNull(),
    isOnline: boolean('is_online').notNull(),
    hasVideo: boolean('has_video').notNull(),
    /** Whole rubles; 0 is every price (listed profiles always have one of at least 1000). */
    priceHour: integer('price_hour').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [index('listing_counts_key_idx').on(t.category, t.priceHour, t.cityId, t.isOnline, t.hasVideo)],
);

/**
 * A model's broadcasts. A stream is live from `started_at` until `ended_at` is set (paused while
 * `paused_at` is set); the header's live figure counts the live ones of visible profiles. The
 * streams module (modules/streams) writes them; its service keeps the state of the open ones.
 */
export const liveStreams = pgTable(
  'live_streams',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => modelProfiles.id, { onDelete: 'cascade' }),
    /** The second half of the stream's public address (/stream/{id}/{channelId}): random, url-safe. */
    channelId: text('channel_id').notNull(),
    /** The account that started it (one live stream per account); null for rows older than it. */
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    chatEnabled: boolean('chat_enabled').notNull().default(true),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    peakViewers: integer('peak_viewers').notNull().default(0),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endReason: text('end_reason').$type<StreamEndReason>(),
  },
  (t) => [
    // At most one live stream per profile, and per account.
    uniqueIndex('live_streams_live_profile_key').on(t.profileId).where(sql`${t.endedAt} is null`),
    uniqueIndex('live_streams_live_account_key').on(t.accountId).where(sql`${t.endedAt} is null`),
    index('live_streams_account_idx').on(t.accountId, t.startedAt),
    check('live_streams_end_reason_check', oneOf(t.endReason, STREAM_END_REASONS)),
  ],
);

export const modelServices = pgTable(
  'model_services',
  {
    profileId: integer('profile_id')
      .notNull()
      .references(() => modelProfiles.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'restrict' }),
    description: text('description'),
  },
  (t) => [
    primaryKey({ name: 'model_services_pkey', columns: [t.profileId, t.serviceId] }),
    index('model_services_service_idx').on(t.serviceId),
    check(
      'model_services_description_check',
      sql`char_length(${t.description}) <= ${sql.raw(String(PROFILE_BOUNDS.serviceDescriptionMax))}`,
    ),
  ],
);

export const media = pgTable(
  'media',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => modelProfiles.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().$type<(typeof MEDIA_KINDS)[number]>(),
    /** Of the largest size; uploaded files are served by /media/u/... (see the media module). */
    url: text('url').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** Order in the approved version. */
    position: integer('position').notNull().default(0),
    /** Where an uploaded file's sizes live in media storage; null for the demo's placeholders. */
    storageKey: text('storage_key'),
    /** Every stored size of an uploaded photo (`{ key, width, height }`), for `srcset`. */
    variants: jsonb('variants')
      .notNull()
      .default([])
      .$type<{ key: string; width: number; height: number }[]>(),
    mimeType: text('mime_type'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    /** Part of the approved version: visitors may see it while the profile is listed. */
    isPublic: boolean('is_public').notNull().default(false),
    /** Part of the owner's working version, at `revisionPosition`. */
    inRevision: boolean('in_revision').notNull().default(true),
    revisionPosition: integer('revision_position').notNull().default(0),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index('media_profile_idx').on(t.profileId, t.kind, t.position),
    // A listing card's photo, the profile's first public one: one step on this index alone, no
    // sort and no read of the table (it carries what the card shows).
    index('media_first_photo_idx')
      .on(t.profileId, t.position, t.id, t.url, t.width, t.height)
      .where(sql`${t.kind} = 'photo' and ${t.isPublic}`),
    uniqueIndex('media_storage_key_key').on(t.storageKey),
    check('media_kind_check', oneOf(t.kind, MEDIA_KINDS)),
    check('media_size_check', sql`${t.width} > 0 and ${t.height} > 0`),
    check('media_position_check', sql`${t.position} >= 0`),
  ],
);

export const siteSettings = pgTable('site_settings', {
  key: text('key').primaryKey(),
  valueRu: text('value_ru').notNull(),
  valueEn: text('value_en').notNull(),
  updatedAt: timestamps.updatedAt,
});

/**
 * Every administrator action: who did what to which profile, account or complaint, and why.
 * Written in the same transaction as the action, so the log cannot miss one.
 */
export const adminActions = pgTable(
  'admin_actions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    adminId: integer('admin_id').references(() => accounts.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    targetType: text('target_type').notNull().$type<(typeof ADMIN_TARGET_TYPES)[number]>(),
    targetId: integer('target_id').notNull(),
    reason: text('reason'),
    details: jsonb('details').notNull().default({}).$type<Record<string, unknown>>(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index('admin_actions_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('admin_actions_target_idx').on(t.targetType, t.targetId),
    check('admin_actions_target_type_check', oneOf(t.targetType, ADMIN_TARGET_TYPES)),
  ],
);

/**
 * An administrator's balance adjustment above the approval threshold, waiting for a second
 * administrator (issue 27). It moves no money while `pending`; the approval posts the ledger
 * transaction (reference `adjustment:request:<id>`, unique) in the transaction that locks this row
 * and marks it `approved`, so it is applied once. A decision is final.
 */
export const balanceAdjustments = pgTable(
  'balance_adjustments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    amountKopecks: bigint('amount_kopecks', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    status: text('status').notNull().default('pending').$type<(typeof BALANCE_ADJUSTMENT_STATUSES)[number]>(),
    requestedBy: integer('requested_by').references(() => accounts.id, { onDelete: 'set null' }),
    decidedBy: integer('decided_by').references(() => accounts.id, { onDelete: 'set null' }),
    ledgerTransactionId: integer('ledger_transaction_id').references(() => ledgerTransactions.id, {
      onDelete: 'restrict',
    }),
    createdAt: timestamps.createdAt,
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    check('balance_adjustments_status_check', oneOf(t.status, BALANCE_ADJUSTMENT_STATUSES)),
    check('balance_adjustments_amount_check', sql`${t.amountKopecks} <> 0`),
    check(
      'balance_adjustments_decision_check',
      sql`(${t.status} = 'pending') = (${t.decidedAt} is null) and (${t.status} = 'approved') = (${t.ledgerTransactionId} is not null)`,
    ),
    unique('balance_adjustments_ledger_transaction_key').on(t.ledgerTransactionId),
    index('balance_adjustments_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    index('balance_adjustments_account_idx').on(t.accountId, t.createdAt.desc()),
  ],
);

/**
 * A moderator's claim on a queue item (a profile or a campaign) until `until`: while it is live,
 * other moderators can neither claim, approve nor reject the item. One row per item; an expired
 * row is taken over by the next claim (an atomic upsert), so no job cleans them up.
 */
export const moderationClaims = pgTable(
  'moderation_claims',
  {
    targetType: text('target_type').notNull().$type<(typeof MODERATION_CLAIM_TARGETS)[number]>(),
    targetId: integer('target_id').notNull(),
    adminId: integer('admin_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    until: timestamp('until', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'moderation_claims_pkey', columns: [t.targetType, t.targetId] }),
    check('moderation_claims_target_type_check', oneOf(t.targetType, MODERATION_CLAIM_TARGETS)),
  ],
);

// ---------------------------------------------------------------------------------------------
// Accounts, sessions and mail (issue 3)
// ---------------------------------------------------------------------------------------------

/**
 * One signed-in device. The refresh tokens issued to it form a chain; presenting a token that
 * was already rotated means it leaked, and the whole session is revoked.
 */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    createdAt: timestamps.createdAt,
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** logout | reuse | password_changed | password_restored | email_changed */
    revokedReason: text('revoked_reason'),
    userAgent: text('user_agent'),
    ip: text('ip'),
  },
  (t) => [index('auth_sessions_account_idx').on(t.accountId)],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token; the token itself is only ever in the cookie. */
    tokenHash: text('token_hash').notNull().unique('refresh_tokens_token_hash_key'),
    createdAt: timestamps.createdAt,
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when this token was exchanged for the next one in the chain. */
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
);

/** A registration waiting for its e-mail code; the account is created when the code matches. */
export const registrationRequests = pgTable(
  'registration_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    accountType: text('account_type').notNull().$type<(typeof ACCOUNT_TYPES)[number]>(),
    promoCode: text('promo_code'),
    locale: text('locale').notNull().default('ru').$type<(typeof LOCALES)[number]>(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    sendCount: integer('send_count').notNull().default(1),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index('registration_requests_email_idx').on(sql`lower(${t.email})`, t.createdAt.desc()),
    check('registration_requests_account_type_check', oneOf(t.accountType, ACCOUNT_TYPES)),
    check('registration_requests_attempts_check', sql`${t.attempts} >= 0`),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique('password_reset_tokens_token_hash_key'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('password_reset_tokens_account_idx').on(t.accountId)],
);

/**
 * A change of an account's e-mail waiting for the new address to confirm it by a mailed link;
 * like the restore links, single use, with an expiry, and only the token's hash stored.
 */
export const emailChangeTokens = pgTable(
  'email_change_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    tokenHash: text('token_hash').notNull().unique('email_change_tokens_token_hash_key'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('email_change_tokens_account_idx').on(t.accountId)],
);

/** Every mail the platform sends; without SMTP it is the delivery itself (dev page, console). */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text('to_address').notNull(),
    kind: text('kind').notNull(),
    locale: text('locale').notNull().$type<(typeof LOCALES)[number]>(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    createdAt: timestamps.createdAt,
    sentAt: timestamp('sent_at', { withTimezone: true }),
    error: text('error'),
  },
  (t) => [index('mail_outbox_created_idx').on(t.createdAt.desc())],
);

// ---------------------------------------------------------------------------------------------
// Site data: prices, complaints, analytics
// ---------------------------------------------------------------------------------------------

export const priceItems = pgTable(
  'price_items',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    list: text('list').notNull().$type<(typeof PRICE_LISTS)[number]>(),
    code: text('code').notNull(),
    titleRu: text('title_ru').notNull(),
    titleEn: text('title_en').notNull(),
    /** Price in Moscow and St Petersburg, whole currency units. */
    mskSpbPrice: integer('msk_spb_price').notNull(),
    /** Price in every other city. */
    otherPrice: integer('other_price').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [
    unique('price_items_list_code_key').on(t.list, t.code),
    check('price_items_list_check', oneOf(t.list, PRICE_LISTS)),
    check('price_items_prices_check', sql`${t.mskSpbPrice} >= 0 and ${t.otherPrice} >= 0`),
  ],
);

export const complaints = pgTable(
  'complaints',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    profileId: integer('profile_id')
      .notNull()
      .references(() => modelProfiles.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull().$type<(typeof COMPLAINT_REASONS)[number]>(),
    text: text('text'),
    /** A hash identifying the visitor (account or anonymous visitor cookie); never an address. */
    visitorKey: text('visitor_key').notNull(),
    /**
     * The client network it came from (an IPv4 address or an IPv6 /64), keyed with the server's
     * secret: distinct networks can be counted, the address cannot be read back. '' before 0014.
     */
    networkKey: text('network_key').notNull().default(''),
    /** The signed-in account that complained, or null for a guest. */
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    day: date('day', { mode: 'string' }).notNull(),
    status: text('status').notNull().default('new'),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    // One complaint per visitor per profile per day.
    unique('complaints_profile_visitor_day_key').on(t.profileId, t.visitorKey, t.day),
    check('complaints_reason_check', oneOf(t.reason, COMPLAINT_REASONS)),
    check('complaints_status_check', sql`${t.status} in ('new', 'resolved', 'dismissed')`),
    check('complaints_text_check', sql`char_length(${t.text}) <= 1000`),
    index('complaints_status_idx').on(t.status, t.createdAt),
  ],
);

/** One row per visitor per day: the site's daily visitors. */
export const siteVisits = pgTable(
  'site_visits',
  {
    day: date('day', { mode: 'string' }).notNull(),
    visitorKey: text('visitor_key').notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [primaryKey({ name: 'site_visits_pkey', columns: [t.day, t.visitorKey] })],
);

/** One row per visitor per profile per day: a profile's daily views for its model's analytics. */
export const profileViews = pgTable(
  'profile_views',
  {
    profileId: integer('profile_id')
      .notNull()
      .references(() => modelProfiles.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    visitorKey: text('visitor_key').notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    primaryKey({ name: 'profile_views_pkey', columns: [t.profileId, t.day, t.visitorKey] }),
    index('profile_views_day_idx').on(t.profileId, t.day),
  ],
);

// ---------------------------------------------------------------------------------------------
// Notifications
// ---------------------------------------------------------------------------------------------

export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().$type<(typeof NOTIFICATION_KINDS)[number]>(),
    /** Values the translated text interpolates (city, price, date, comment, profile name). */
    params: jsonb('params').notNull().default({}).$type<Record<string, string | number>>(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    check('notifications_kind_check', oneOf(t.kind, NOTIFICATION_KINDS)),
    index('notifications_account_idx').on(t.accountId, t.createdAt.desc(), t.id.desc()),
    index('notifications_unread_idx').on(t.accountId).where(sql`${t.readAt} is null`),
  ],
);

// ---------------------------------------------------------------------------------------------
// Money: promo codes and the ledger
// ---------------------------------------------------------------------------------------------

export const promoCodes = pgTable(
  'promo_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Stored upper-case; codes are matched upper-cased. */
    code: text('code').notNull().unique('promo_codes_code_key'),
    descriptionRu: text('description_ru').notNull(),
    descriptionEn: text('description_en').notNull(),
    promoType: text('promo_type').notNull().$type<(typeof PROMO_TYPES)[number]>(),
    /** Whole rubles for BALANCE_AMOUNT, a percentage (1..100) for DEPOSIT_PERCENTAGE. */
    amount: integer('amount').notNull(),
    /** When set, only accounts of this type may use the code. */
    accountType: text('account_type').$type<(typeof ACCOUNT_TYPES)[number]>(),
    maxActivations: integer('max_activations'),
    activationCount: integer('activation_count').notNull().default(0),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    check('promo_codes_code_check', sql`${t.code} = upper(${t.code}) and char_length(${t.code}) >= 3`),
    check('promo_codes_type_check', oneOf(t.promoType, PROMO_TYPES)),
    check('promo_codes_account_type_check', oneOf(t.accountType, ACCOUNT_TYPES)),
    check(
      'promo_codes_amount_check',
      sql`${t.amount} > 0 and (${t.promoType} <> 'DEPOSIT_PERCENTAGE' or ${t.amount} <= 100)`,
    ),
    check(
      'promo_codes_activations_check',
      sql`${t.activationCount} >= 0 and (${t.maxActivations} is null or ${t.activationCount} <= ${t.maxActivations})`,
    ),
  ],
);

export const promoActivations = pgTable(
  'promo_activations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    promoCodeId: integer('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'restrict' }),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    activatedAt: timestamp('activated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // One activation per account per code, enforced by the database under any concurrency.
  (t) => [unique('promo_activations_code_account_key').on(t.promoCodeId, t.accountId)],
);

/**
 * Append-only double-entry ledger in integer kopecks. A transaction's entries sum to zero;
 * `reference` makes each business event (a promo activation, a webhook) credit at most once.
 */
export const ledgerTransactions = pgTable(
  'ledger_transactions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull().$type<(typeof LEDGER_KINDS)[number]>(),
    reference: text('reference').notNull().unique('ledger_transactions_reference_key'),
    metadata: jsonb('metadata').notNull().default({}).$type<Record<string, string | number>>(),
    createdAt: timestamps.createdAt,
  },
  (t) => [check('ledger_transactions_kind_check', oneOf(t.kind, LEDGER_KINDS))],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    transactionId: integer('transaction_id')
      .notNull()
      .references(() => ledgerTransactions.id, { onDelete: 'restrict' }),
    /** A user's balance, or null when the entry is on a system account. */
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'restrict' }),
    systemAccount: text('system_account').$type<(typeof SYSTEM_LEDGER_ACCOUNTS)[number]>(),
    amountKopecks: bigint('amount_kopecks', { mode: 'number' }).notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    check('ledger_entries_owner_check', sql`num_nonnulls(${t.accountId}, ${t.systemAccount}) = 1`),
    check('ledger_entries_system_account_check', oneOf(t.systemAccount, SYSTEM_LEDGER_ACCOUNTS)),
    check('ledger_entries_amount_check', sql`${t.amountKopecks} <> 0`),
    index('ledger_entries_account_idx').on(t.accountId),
    index('ledger_entries_transaction_idx').on(t.transactionId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Payments: balance top-ups through a gateway
// ---------------------------------------------------------------------------------------------

/**
 * A top-up: created by the account, paid at the gateway, credited only from the gateway's
 * verified webhook. Its row is locked (FOR UPDATE) while a webhook is applied, so concurrent
 * deliveries of one payment queue behind each other; a final status never changes again.
 */
export const paymentOrders = pgTable(
  'payment_orders',
  {
    /** Random: it is sent to the gateway and appears in payment links. */
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'restrict' }),
    provider: text('provider').notNull().$type<(typeof PAYMENT_PROVIDERS)[number]>(),
    amountKopecks: bigint('amount_kopecks', { mode: 'number' }).notNull(),
    status: text('status').notNull().default('created').$type<(typeof PAYMENT_ORDER_STATUSES)[number]>(),
    /** The gateway's invoice (NOWPayments invoice id; the sandbox makes its own). */
    providerInvoiceId: text('provider_invoice_id'),
    /** The gateway's payment, bound by the first verified webhook; credits are per payment. */
    providerPaymentId: text('provider_payment_id'),
    /** The crypto currency and amount the gateway asked for (exact decimals, as text). */
    payCurrency: text('pay_currency'),
    payAmount: numeric('pay_amount', { precision: 30, scale: 12 }),
    creditedKopecks: bigint('credited_kopecks', { mode: 'number' }).notNull().default(0),
    /** A DEPOSIT_PERCENTAGE promo sent with the order, checked when the order was made. */
    promoCodeId: integer('promo_code_id').references(() => promoCodes.id, { onDelete: 'restrict' }),
    bonusPercent: integer('bonus_percent'),
    bonusKopecks: bigint('bonus_kopecks', { mode: 'number' }).notNull().default(0),
    /** Which area's result page the browser returns to. */
    returnArea: text('return_area').notNull().$type<(typeof ACCOUNT_TYPES)[number]>(),
    /** SHA-256 of the sandbox page's checkout token (sandbox orders only). */
    checkoutTokenHash: text('checkout_token_hash'),
    ...timestamps,
  },
  (t) => [
    check('payment_orders_provider_check', oneOf(t.provider, PAYMENT_PROVIDERS)),
    check('payment_orders_status_check', oneOf(t.status, PAYMENT_ORDER_STATUSES)),
    check('payment_orders_return_area_check', oneOf(t.returnArea, ACCOUNT_TYPES)),
    check('payment_orders_amount_check', sql`${t.amountKopecks} > 0`),
    check(
      'payment_orders_credited_check',
      sql`${t.creditedKopecks} >= 0 and ${t.creditedKopecks} <= ${t.amountKopecks}`,
    ),
    check('payment_orders_bonus_check', sql`${t.bonusKopecks} >= 0`),
    check(
      'payment_orders_bonus_percent_check',
      sql`${t.bonusPercent} is null or ${t.bonusPercent} between 1 and 100`,
    ),
    unique('payment_orders_provider_payment_key').on(t.provider, t.providerPaymentId),
    index('payment_orders_account_idx').on(t.accountId, t.createdAt.desc(), t.id),
  ],
);

/** Kept with the other enumerations in `contracts` (the administration's screens list them). */
export { PAYMENT_WEBHOOK_OUTCOMES, type PaymentWebhookOutcome };

/**
 * Every webhook as it arrived, forged ones included, for audit and reconciliation. A credit's
 * ledger transaction names the one webhook that caused it (unique), written in the same
 * database transaction as the credit. A verified webhook about a known order is kept whole and
 * for good (the books' evidence); a refused one (bad signature, not an IPN, unknown order) keeps
 * only the first 2 KiB of its body and is deleted after 30 days (`payments/retention.ts`), so
 * forged deliveries cannot fill the database.
 */
export const paymentWebhooks = pgTable(
  'payment_webhooks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider').notNull().$type<(typeof PAYMENT_PROVIDERS)[number]>(),
    /** The headers that matter (signature, content type, user agent) and the sender's address. */
    headers: jsonb('headers').notNull().default({}).$type<Record<string, string>>(),
    /** The body as delivered; a refused webhook's is cut to its first 2 KiB (see bodyBytes). */
    rawBody: text('raw_body').notNull(),
    /** The delivered body's size in bytes (null on rows stored before it was recorded). */
    bodyBytes: integer('body_bytes'),
    signatureValid: boolean('signature_valid').notNull(),
    orderId: uuid('order_id').references(() => paymentOrders.id, { onDelete: 'restrict' }),
    providerPaymentId: text('provider_payment_id'),
    /** The gateway's `payment_status` as sent. */
    paymentStatus: text('payment_status'),
    outcome: text('outcome').notNull().$type<(typeof PAYMENT_WEBHOOK_OUTCOMES)[number]>(),
    ledgerTransactionId: integer('ledger_transaction_id').references(() => ledgerTransactions.id, {
      onDelete: 'restrict',
    }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (t) => [
    check('payment_webhooks_provider_check', oneOf(t.provider, PAYMENT_PROVIDERS)),
    check('payment_webhooks_outcome_check', oneOf(t.outcome, PAYMENT_WEBHOOK_OUTCOMES)),
    check(
      'payment_webhooks_credit_check',
      sql`(${t.outcome} = 'credited') = (${t.ledgerTransactionId} is not null) and (${t.ledgerTransactionId} is null or ${t.signatureValid})`,
    ),
    unique('payment_webhooks_ledger_transaction_key').on(t.ledgerTransactionId),
    index('payment_webhooks_order_idx').on(t.orderId),
    // The retention job's search: refused webhooks, oldest first.
    index('payment_webhooks_refused_idx')
      .on(t.receivedAt)
      .where(oneOf(t.outcome, REFUSED_PAYMENT_WEBHOOK_OUTCOMES)),
  ],
);

// ---------------------------------------------------------------------------------------------
// Advertising (issue 15)

/** What visitors are shown of an approved campaign. */
export interface ApprovedAd {
  format: string;
  heading: string;
  description: string;
  link: string;
  buttonText: string;
  image: { key: string; width: number; height: number } | null;
}

/**
 * An advertiser's campaign. Blank fields of a draft are null; money in kopecks. `changed` says
 * the content was edited since it was last sent (a published ad's edit waits to be sent again).
 * `impressions_served` never passes `impressions`: the counting update holds the row lock and
 * checks it, and the CHECK refuses it anyway.
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('draft').$type<(typeof CAMPAIGN_STATUSES)[number]>(),
    format: text('format'),
    heading: text('heading'),
    description: text('description'),
    link: text('link'),
    buttonText: text('button_text'),
    placement: text('placement').$type<(typeof AD_PLACEMENTS)[number]>(),
    pricing: text('pricing').$type<(typeof AD_PRICINGS)[number]>(),
    impressions: integer('impressions'),
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    /** The image's stored file (`<key>/<file>`), its size, and whether visitors may load it. */
    imageKey: text('image_key'),
    imageWidth: integer('image_width'),
    imageHeight: integer('image_height'),
    imagePublic: boolean('image_public').notNull().default(false),
    /** What the advertiser paid for it, net of refunds. */
    paidKopecks: bigint('paid_kopecks', { mode: 'number' }).notNull().default(0),
    costPerDayKopecks: bigint('cost_per_day_kopecks', { mode: 'number' }),
    totalKopecks: bigint('total_kopecks', { mode: 'number' }),
    impressionsServed: integer('impressions_served').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    rejectReason: text('reject_reason'),
    changed: boolean('changed').notNull().default(false),
    /** The content a moderator approved: what visitors see, while an edit waits for moderation. */
    approved: jsonb('approved').$type<ApprovedAd>(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check('campaigns_status_check', oneOf(t.status, CAMPAIGN_STATUSES)),
    check('campaigns_placement_check', oneOf(t.placement, AD_PLACEMENTS)),
    check('campaigns_pricing_check', oneOf(t.pricing, AD_PRICINGS)),
    check(
      'campaigns_served_check',
      sql`${t.impressions} is null or ${t.impressionsServed} <= ${t.impressions}`,
    ),
    check('campaigns_paid_check', sql`${t.paidKopecks} >= 0`),
    index('campaigns_account_idx').on(t.accountId, t.status, t.createdAt.desc()),
    index('campaigns_status_idx').on(t.status, t.submittedAt),
  ],
);

/** The cities a campaign is pinned in (placement `cities`). */
export const campaignCities = pgTable(
  'campaign_cities',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.cityId] }), index('campaign_cities_city_idx').on(t.cityId)],
);

/**
 * The days a paid campaign holds a slot of a placement key (`main`, `everywhere`, `city:<slug>`).
 * A key has AD_SLOTS_PER_DAY slots a day; bookings are made under locks of their keys.
 */
export const adBookings = pgTable(
  'ad_bookings',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.key, t.day] }),
    index('ad_bookings_key_day_idx').on(t.key, t.day),
  ],
);

/**
 * Counted impressions and clicks: one per visitor (hashed) per campaign per hour. The primary key
 * is the dedupe: a second one within the hour conflicts and counts nothing.
 */
export const adEvents = pgTable(
  'ad_events',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull().$type<'impression' | 'click'>(),
    visitor: text('visitor').notNull(),
    hour: timestamp('hour', { withTimezone: true }).notNull(),
    /**
     * The signature of the token that was counted: the same token again is a replay, another
     * token of the same visitor (a new page) only a repeat within the hour.
     */
    token: text('token').notNull().default(''),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.kind, t.visitor, t.hour] }),
    check('ad_events_kind_check', sql`${t.kind} in ('impression', 'click')`),
  ],
);

/** Impressions and clicks of a campaign per day (Moscow time), for the advertiser's chart. */
export const adStatsDaily = pgTable(
  'ad_stats_daily',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    impressions: integer('impressions').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.day] })],
);

/**
 * Impressions and clicks reported but refused (not counted, not billed), per campaign, day (Moscow
 * time), kind and reason, for the advertiser's figures and the administration.
 */
export const adRefusalsDaily = pgTable(
  'ad_refusals_daily',
  {
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull().$type<'impression' | 'click'>(),
    reason: text('reason').notNull().$type<AdRefusalReason>(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.day, t.kind, t.reason] }),
    check('ad_refusals_daily_kind_check', sql`${t.kind} in ('impression', 'click')`),
    check('ad_refusals_daily_reason_check', oneOf(t.reason, AD_REFUSAL_REASONS)),
  ],
);

/**
 * Published remote releases (issue 30): one row per version, never changed once written. The
 * files live in the release store (`/mfe/<remote>/<version>/`); `integrity` pins the server
 * entry's bytes (`sha384-…`), which the page renderer checks before it runs the file.
 */
export const remoteReleases = pgTable(
  'remote_releases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The federation name, `mfe_catalog`. */
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    /** The browser entry (mf-manifest.json), absolute or relative to the page. */
    entry: text('entry').notNull(),
    /** The server entry, for a remote rendered on the server. */
    ssr: text('ssr'),
    integrity: text('integrity'),
    /** The routes the release declares (its manifest). */
    routes: jsonb('routes').notNull().default([]).$type<string[]>(),
    publishedBy: text('published_by').notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    unique('remote_releases_version_key').on(t.remote, t.version),
    check('remote_releases_server_pinned_check', sql`${t.ssr} is null or ${t.integrity} is not null`),
  ],
);

/**
 * Each remote's channels: the stable release every visitor runs, and an optional canary a share
 * of visitors runs instead (picked by a sticky hash of the visitor id, contracts/releases.ts).
 * A remote without a row here is served from the registry file, as before releases.
 */
export const remoteChannels = pgTable(
  'remote_channels',
  {
    remote: text('remote').primaryKey(),
    stableVersion: text('stable_version').notNull(),
    canaryVersion: text('canary_version'),
    canaryPercent: integer('canary_percent').notNull().default(0),
    updatedAt: timestamps.updatedAt,
  },
  (t) => [
    foreignKey({
      columns: [t.remote, t.stableVersion],
      foreignColumns: [remoteReleases.remote, remoteReleases.version],
      name: 'remote_channels_stable_fk',
    }),
    foreignKey({
      columns: [t.remote, t.canaryVersion],
      foreignColumns: [remoteReleases.remote, remoteReleases.version],
      name: 'remote_channels_canary_fk',
    }),
    check('remote_channels_canary_percent_check', sql`${t.canaryPercent} between 0 and 100`),
    check(
      'remote_channels_canary_check',
      sql`${t.canaryVersion} is null and ${t.canaryPercent} = 0 or ${t.canaryVersion} is not null and ${t.canaryVersion} <> ${t.stableVersion}`,
    ),
  ],
);

/**
 * Every change to a remote's channels: who (an admin's account, or a pipeline's name), when, from
 * which version to which, the canary share, and why. Written in the change's transaction.
 */
export const remoteChannelChanges = pgTable(
  'remote_channel_changes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    remote: text('remote').notNull(),
    action: text('action').notNull().$type<'publish' | 'promote' | 'canary' | 'rollback'>(),
    fromVersion: text('from_version'),
    toVersion: text('to_version'),
    canaryPercent: integer('canary_percent'),
    reason: text('reason').notNull(),
    adminId: integer('admin_id').references(() => accounts.id, { onDelete: 'set null' }),
    actor: text('actor').notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index('remote_channel_changes_remote_idx').on(t.remote, t.createdAt.desc(), t.id.desc()),
    check(
      'remote_channel_changes_action_check',
      sql`${t.action} in ('publish', 'promote', 'canary', 'rollback')`,
    ),
  ],
);

// ---------------------------------------------------------------------------------------------
// Page telemetry (issue 30): what pages report per remote and release, kept 30 days
// ---------------------------------------------------------------------------------------------

/**
 * A page session (a tab) that ran a release of a remote on a day (UTC): one row however many
 * beacons it sends, so figures count sessions, not reports. `version` is '' for a remote served
 * from the registry file. `loadMs` is the session's first successful load of the remote.
 */
export const telemetrySessions = pgTable(
  'telemetry_sessions',
  {
    remote: text('remote').notNull(),
    version: text('version').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    session: text('session').notNull(),
    firstSeen: timestamp('first_seen', { withTimezone: true }).notNull(),
    lastSeen: timestamp('last_seen', { withTimezone: true }).notNull(),
    hadError: boolean('had_error').notNull().default(false),
    failedLoad: boolean('failed_load').notNull().default(false),
    loadMs: integer('load_ms'),
  },
  (t) => [
    primaryKey({ name: 'telemetry_sessions_pkey', columns: [t.remote, t.version, t.day, t.session] }),
    // The guard reads a release's latest sessions.
    index('telemetry_sessions_recent_idx').on(t.remote, t.version, t.firstSeen.desc()),
    index('telemetry_sessions_day_idx').on(t.day),
  ],
);

/** Web Vitals samples as pages report them, for percentiles; `remote` null: the shell's own page. */
export const telemetryVitals = pgTable(
  'telemetry_vitals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    remote: text('remote'),
    version: text('version').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    name: text('name').notNull().$type<VitalName>(),
    route: text('route').notNull(),
    value: doublePrecision('value').notNull(),
  },
  (t) => [
    index('telemetry_vitals_release_idx').on(t.remote, t.version, t.day),
    index('telemetry_vitals_day_idx').on(t.day),
    check('telemetry_vitals_name_check', oneOf(t.name, VITAL_NAMES)),
  ],
);

/**
 * Reported errors grouped by remote, release, day, source, route and message, with the latest
 * stack and a count. `key` is a hash of everything but the day (a message of 500 characters and
 * a route of 200 would be too wide for a unique index), so one upsert counts a repeat.
 */
export const telemetryErrors = pgTable(
  'telemetry_errors',
  {
    day: date('day', { mode: 'string' }).notNull(),
    key: text('key').notNull(),
    remote: text('remote'),
    version: text('version').notNull(),
    source: text('source').notNull().$type<ErrorSource>(),
    message: text('message').notNull(),
    route: text('route').notNull(),
    stack: text('stack'),
    count: integer('count').notNull().default(0),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'telemetry_errors_pkey', columns: [t.day, t.key] }),
    index('telemetry_errors_release_idx').on(t.remote, t.version, t.day),
    check('telemetry_errors_source_check', oneOf(t.source, ERROR_SOURCES)),
  ],
);

/**
 * The automatic release guard's settings: one row, written by the first administrator who changes
 * them (until then RELEASE_GUARD_DEFAULT applies, the guard off).
 */
export const releaseGuard = pgTable(
  'release_guard',
  {
    id: integer('id').primaryKey().default(1),
    enabled: boolean('enabled').notNull().default(false),
    sessions: integer('sessions').notNull(),
    marginPercent: integer('margin_percent').notNull(),
    updatedAt: timestamps.updatedAt,
    updatedBy: integer('updated_by').references(() => accounts.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('release_guard_single_row_check', sql`${t.id} = 1`),
    check(
      'release_guard_sessions_check',
      between(t.sessions, { min: GUARD_SESSIONS_MIN, max: GUARD_SESSIONS_MAX }),
    ),
    check('release_guard_margin_check', between(t.marginPercent, { min: 0, max: 100 })),
  ],
);

/**
 * When each server-rendered page's content (its ETag, see plugins/ssr/page-renderer.ts) was first
 * sent: the page's `Last-Modified`, so a crawler that asks with `If-Modified-Since` (as Yandex's
 * does) gets a 304 for a page that did not change. One row per address as a visitor's releases see
 * it (`key`); a new tag moves `since` past the last one by at least a second, so no copy of an
 * older page can claim a newer date. `seen_on` is the last day the page was sent; rows not seen
 * for PAGE_VERSIONS_RETENTION_DAYS are deleted (a crawler coming back later gets the whole page).
 */
export const pageVersions = pgTable(
  'page_versions',
  {
    key: text('key').primaryKey(),
    tag: text('tag').notNull(),
    since: timestamp('since', { withTimezone: true }).notNull(),
    seenOn: date('seen_on', { mode: 'string' }).notNull().default(sql`current_date`),
  },
  (t) => [index('page_versions_seen_idx').on(t.seenOn)],
);

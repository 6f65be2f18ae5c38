import {
  ACCOUNT_ROLES,
  ACCOUNT_TYPES,
  APPEARANCES,
  CATEGORIES,
  LOCALES,
  MEDIA_KINDS,
  PLACES,
  PROFILE_BOUNDS,
  PROFILE_STATUSES,
  SERVICE_CATEGORY_KEYS,
} from 'contracts';
import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
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
    ...timestamps,
  },
  (t) => [
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

/** Statuses a visitor may see; every other status, and any blocked profile, stays hidden. */
export const VISIBLE_STATUSES = ['active', 'published'] as const;

/**
 * Written with literals rather than bound parameters so that PostgreSQL can match the
 * listing's WHERE clause against the partial indexes' predicate.
 */
function visibleWhere(status: AnyPgColumn, isBlocked: AnyPgColumn): SQL {
  return sql`${oneOf(status, VISIBLE_STATUSES)} and ${isBlocked} = false`;
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
    isOnline: boolean('is_online').notNull().default(false),
    hasVideo: boolean('has_video').notNull().default(false),
    topUntil: timestamp('top_until', { withTimezone: true }),
    bumpedAt: timestamp('bumped_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => {
    const visible = visibleWhere(t.status, t.isBlocked);
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
      // A profile a visitor can see has everything its card and page show.
      check(
        'model_profiles_listed_complete',
        sql`not (${oneOf(t.status, VISIBLE_STATUSES)}) or (
          ${t.cityId} is not null and ${t.age} is not null and ${t.height} is not null
          and ${t.weight} is not null and ${t.boobs} is not null and ${t.appearance} is not null
          and ${t.priceHour} is not null and ${t.description} is not null
          and ${t.publishedAt} is not null and cardinality(${t.places}) > 0
          and num_nonnulls(${t.phone}, ${t.telegram}, ${t.whatsapp}, ${t.viber}) > 0
        )`,
      ),
      // The listing reads only visible rows, filtered by category and/or city, newest bump
      // first; partial indexes keep hidden rows out of them. Top placement (`top_until >
      // now()`) depends on the clock, so it cannot be indexed: it orders a handful of rows.
      index('model_profiles_listing_category_idx')
        .on(t.category, t.bumpedAt.desc().nullsLast(), t.publishedAt.desc(), t.id.desc())
        .where(visible),
      index('model_profiles_listing_city_idx')
        .on(t.cityId, t.category, t.bumpedAt.desc().nullsLast(), t.publishedAt.desc(), t.id.desc())
        .where(visible),
      index('model_profiles_top_idx').on(t.cityId, t.topUntil).where(sql`${t.topUntil} is not null`),
      index('model_profiles_account_idx').on(t.accountId),
    ];
  },
);

export const profileIsVisible: SQL = visibleWhere(modelProfiles.status, modelProfiles.isBlocked);

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
    url: text('url').notNull(),
    width: integer('width'),
    height: integer('height'),
    position: integer('position').notNull().default(0),
    createdAt: timestamps.createdAt,
  },
  (t) => [
    index('media_profile_idx').on(t.profileId, t.kind, t.position),
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

import { createHash } from 'node:crypto';
import { availableParallelism } from 'node:os';
import {
  LISTING_PAGE_SIZE,
  type Locale,
  type MediaImage,
  type ModelCard,
  type ModelDetails,
  type ModelListQuery,
} from 'contracts';
import { type AnyColumn, and, asc, desc, eq, is, Placeholder, type Query, type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { PGlite } from '@electric-sql/pglite';
import type { Pool } from 'pg';
import type { Database, DatabaseKind } from '../../db/client';
import {
  categoryKeyOf,
  cities,
  listingCards,
  listingCounts,
  liveStreams,
  media,
  metroStations,
  modelProfiles,
  modelServices,
  profileIsListed,
  profileIsVisible,
  services,
} from '../../db/schema';
import { translate } from '../../lib/i18n';
import { createPageAnchors, type PageAnchors, type PageStart } from './page-anchors';
import { executeWithLiterals, type StatementBatchesOptions, statementBatches } from './statement-batches';

const isTop = sql<boolean>`coalesce(${modelProfiles.topUntil} > now(), false)`;

/**
 * Paid top placement first, then the latest bump, then the latest publication; the id breaks
 * ties so that pages never overlap or skip a profile. NULLS LAST everywhere, as in the indexes.
 */
export const listingOrder: SQL[] = [
  desc(isTop),
  sql`${modelProfiles.bumpedAt} desc nulls last`,
  sql`${modelProfiles.publishedAt} desc nulls last`,
  sql`${modelProfiles.id} desc nulls last`,
];

/**
 * The listing order without its first key, as the partial listing indexes hold it: bump_key is
 * bumped_at with -infinity for never (the same order as `bumped_at desc nulls last`).
 */
const bumpOrder: SQL[] = [
  sql`${modelProfiles.bumpKey} desc nulls last`,
  sql`${modelProfiles.publishedAt} desc nulls last`,
  sql`${modelProfiles.id} desc nulls last`,
];

/** What a card shows; select it from model_profiles joined to cities and (left) metro_stations. */
const cardColumns = {
  id: modelProfiles.id,
  name: modelProfiles.name,
  age: modelProfiles.age,
  category: modelProfiles.category,
  priceHour: modelProfiles.priceHour,
  hasVideo: modelProfiles.hasVideo,
  isOnline: modelProfiles.isOnline,
  isTop,
  citySlug: cities.slug,
  cityNameRu: cities.nameRu,
  cityNameEn: cities.nameEn,
  metroId: metroStations.id,
  metroNameRu: metroStations.nameRu,
  metroNameEn: metroStations.nameEn,
  liveStreamId: sql<
    number | null
  >`(select ${liveStreams.id} from ${liveStreams} where ${liveStreams.profileId} = ${modelProfiles.id} and ${liveStreams.endedAt} is null limit 1)`,
  liveChannelId: sql<
    string | null
  >`(select ${liveStreams.channelId} from ${liveStreams} where ${liveStreams.profileId} = ${modelProfiles.id} and ${liveStreams.endedAt} is null limit 1)`,
};

interface CardRow {
  id: number;
  name: string;
  age: number | null;
  category: ModelCard['category'];
  priceHour: number | null;
  hasVideo: boolean;
  isOnline: boolean;
  isTop: boolean;
  citySlug: string;
  cityNameRu: string;
  cityNameEn: string;
  metroId: number | null;
  metroNameRu: string | null;
  metroNameEn: string | null;
  /** The stream on air (live or paused), if any. */
  liveStreamId: number | null;
  liveChannelId: string | null;
}

interface PhotoRow {
  url: string;
  width: number | null;
  height: number | null;
}

/** A profile's first photo, for a card; joined laterally to a query of model_profiles. */
function firstPhotoOf(db: Database) {
  return db
    .select({ url: media.url, width: media.width, height: media.height })
    .from(media)
    .where(and(eq(media.profileId, modelProfiles.id), eq(media.kind, 'photo'), eq(media.isPublic, true)))
    .orderBy(asc(media.position), asc(media.id))
    .limit(1)
    .as('first_photo');
}

/**
 * Cards of profiles: model_profiles with city, metro and first photo. Narrow it with `where`
 * (and order it), then turn each row into a card with toCardWithPhoto.
 */
export function selectCards(db: Database) {
  const firstPhoto = firstPhotoOf(db);
  return db
    .select({
      ...cardColumns,
      photoUrl: firstPhoto.url,
      photoWidth: firstPhoto.width,
      photoHeight: firstPhoto.height,
    })
    .from(modelProfiles)
    .innerJoin(cities, eq(cities.id, modelProfiles.cityId))
    .leftJoin(metroStations, eq(metroStations.id, modelProfiles.metroId))
    .leftJoinLateral(firstPhoto, sql`true`);
}

/** A card from a row of selectCards (its first photo's columns are null when it has none). */
export function toCardWithPhoto(
  row: CardRow & { photoUrl: string | null; photoWidth: number | null; photoHeight: number | null },
  locale: Locale,
): ModelCard {
  const photo = row.photoUrl ? { url: row.photoUrl, width: row.photoWidth, height: row.photoHeight } : null;
  return toCard(row, photo ? toImage(photo, row.name, 0, locale) : null);
}

/**
 * How many listing batches (statementBatches) run at once on PostgreSQL: one more than this
 * machine's cores. More statements at once made each cost more (on 2 cores with the database
 * beside the API: 10 at once, the pool's size, cost about a third more PostgreSQL CPU per page
 * than 3, which kept both cores busy), and the rest of the requests then wait in PostgreSQL's run
 * queue instead of here.
 */
export const LISTING_BATCHES_AT_ONCE = availableParallelism() + 1;

/**
 * Listing statements sent to PostgreSQL in one batch at most (statementBatches): those that wait
 * while every turn is busy go together in the next. On the random mix (2 cores, 100 connections)
 * batches of up to 4, 8 and 16 gave about 1 570, 1 720 and 1 800 requests a second against 1 340
 * one at a time; 32 gave no more than 16 (bench/README.md, issue 31's tenth pass).
 */
export const LISTING_BATCH_MOST = 16;

export interface ModelRepositoryOptions {
  /** Listing batches run at once on PostgreSQL (the rest wait their turn). */
  listingBatchesAtOnce?: number;
  /** Listing statements in one batch at most (statementBatches). */
  listingBatchMost?: number;
  /** Told how many listing statements each message to PostgreSQL carries. */
  onListingBatch?: (statements: number) => void;
  /** Where the listing's pages start (PageAnchors), for reading the next page by its key; off by default. */
  anchors?: PageAnchors;
}

export function createModelRepository(
  db: Database,
  kind: DatabaseKind,
  {
    listingBatchesAtOnce = LISTING_BATCHES_AT_ONCE,
    listingBatchMost = LISTING_BATCH_MOST,
    onListingBatch,
    anchors = createPageAnchors(0),
  }: ModelRepositoryOptions = {},
) {
  const runListing = listingRunner(
    db,
    kind,
    {
      atOnce: listingBatchesAtOnce,
      most: listingBatchMost,
      onBatch: onListingBatch,
    },
    anchors,
  );
  /** findVisible's statements, prepared at its first call. */
  let prepared: ReturnType<typeof prepareProfileStatements> | undefined;
  const profileStatements = () => {
    prepared ??= prepareProfileStatements(db);
    return prepared;
  };
  return {
    /**
     * One page of the listing and its total, in one statement (listingPage), as the JSON the
     * route sends (a ModelListResponse), written straight from the statement's rows (pageJson).
     */
    async pageJson(query: ModelListQuery, locale: Locale): Promise<string> {
      const page = query.page ?? 1;
      const rows = await runListing(query, (page - 1) * LISTING_PAGE_SIZE);
      return pageJson(rows, page, locale);
    },

    /**
     * Visible profiles whose model is online now (the header's figure, on every page), from the
     * maintained counts. On PostgreSQL a named statement, planned once per connection: planning
     * it cost more than running it (about 680 against 240 us of the server's CPU).
     */
    async onlineCount(): Promise<number> {
      if (kind === 'postgres') {
        const pool = poolOf(db);
        const config = { name: 'online_count', text: ONLINE_COUNT.sql, values: ONLINE_COUNT.params };
        return (await pool.query<{ n: number }>(config)).rows[0]?.n ?? 0;
      }
      const result = await db.execute(ONLINE_COUNT_SQL);
      return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
    },

    /**
     * The profile as a visitor sees it, or null when it is missing, hidden or blocked. Its three
     * reads are prepared statements (named on PostgreSQL, planned once per connection): every
     * profile page makes them, and planning cost more than running them.
     */
    async findVisible(id: number, locale: Locale): Promise<ModelDetails | null> {
      const statements = profileStatements();
      const [row] = await statements.profile.execute({ id });
      if (!row) return null;

      const [mediaRows, serviceRows] = await Promise.all([
        statements.media.execute({ id }),
        statements.services.execute({ id }),
      ]);

      const photos = mediaRows
        .filter((item) => item.kind === 'photo')
        .map((item, index) => toImage(item, row.name, index, locale));
      const video = mediaRows.find((item) => item.kind === 'video');

      return {
        ...toCard(row, photos[0] ?? null),
        // Optional in the form: a listed profile may leave them out.
        height: row.height,
        weight: row.weight,
        boobs: row.boobs,
        appearance: row.appearance,
        prices: {
          hour: present(row.priceHour, 'price_hour'),
          twoHours: row.priceTwoHours,
          night: row.priceNight,
        },
        places: row.places,
        contacts: { phone: row.phone, telegram: row.telegram, whatsapp: row.whatsapp, viber: row.viber },
        description: present(row.description, 'description'),
        services: serviceRows.map(({ nameRu, nameEn, ...service }) => ({
          ...service,
          name: { ru: nameRu, en: nameEn },
        })),
        photos,
        // A poster frame is not stored yet; the first photo stands in for it.
        // The video shows while its display is paid (has_video; the expiry job clears it).
        video: video && row.hasVideo ? { url: video.url, poster: photos[0] ?? null } : null,
        publishedAt: present(row.publishedAt, 'published_at').toISOString(),
      };
    },
  };
}

export type ModelRepository = ReturnType<typeof createModelRepository>;

const rangeColumns = {
  age: modelProfiles.age,
  price: modelProfiles.priceHour,
  height: modelProfiles.height,
  weight: modelProfiles.weight,
  boobs: modelProfiles.boobs,
} as const;

/**
 * How a filter's value enters a statement: as itself (a parameter of this statement), or as a
 * named placeholder of a statement prepared once per shape and run with the values
 * (listingRunner). Either way it is a one-row subquery, `(select $1::int)`: the planner then sees
 * no value when it plans, so its plan for the values at hand costs what its generic plan costs,
 * and PostgreSQL settles on the generic plan of a prepared statement after five runs instead of
 * planning it again on every request for values whose estimates differ (a price range).
 */
type Bind = (name: string, value: unknown, type: Param['type']) => SQL;

function binder(take: (name: string, value: unknown) => unknown): Bind {
  return (name, value, type) => sql`(select ${take(name, value)}::${sql.raw(type)})`;
}

// An array is one parameter (a text[]), not a list of them.
const asValue: Bind = binder((_name, value) => (Array.isArray(value) ? sql.param(value) : value));

/** A value a filter binds: the name of its placeholder, the value, and its SQL type. */
interface Param {
  name: string;
  value: unknown;
  type: 'int' | 'text' | 'text[]' | 'timestamptz';
}

/** The columns of listing_counts, of the overdue rows, or of model_profiles: what the counted filters test. */
type CountedColumns = Record<
  'category' | 'cityId' | 'isOnline' | 'hasVideo' | 'priceHour',
  SQL | AnyColumn
> & {
  /** model_profiles' key of the category, which its listing indexes hold instead of the text. */
  categoryKey?: AnyColumn;
};

/**
 * One filter of the listing, described once: the values a query gives it (null: the filter is
 * off) and its condition over them, bound. Whether listing_counts keeps counts for it (`counted`,
 * over the columns given) decides whether the maintained total can answer a query that uses it.
 * A condition's text depends on how many values it has, never on what they are: the filters that
 * are on and the names of their values are the statement's shape.
 */
type ListingFilter = { values(query: ModelListQuery): Param[] | null } & (
  | { counted: true; condition(columns: CountedColumns, values: SQL[]): SQL }
  | { counted: false; condition(values: SQL[]): SQL }
);

const one = (name: string, value: unknown, type: Param['type']): Param[] | null =>
  value === undefined || value === '' ? null : [{ name, value, type }];

/** `<key>Min` and `<key>Max` of a range column; only the hourly price is counted. */
function rangeFilters(key: keyof typeof rangeColumns): Record<string, ListingFilter> {
  const filters: Record<string, ListingFilter> = {};
  for (const [end, operator] of [
    ['Min', '>='],
    ['Max', '<='],
  ] as const) {
    const name = `${key}${end}` as const;
    const values = (query: ModelListQuery) => one(name, query[name], 'int');
    filters[name] =
      key === 'price'
        ? {
            counted: true,
            values,
            condition: (columns, [bound]) => sql`${columns.priceHour} ${sql.raw(operator)} ${bound}`,
          }
        : {
            counted: false,
            values,
            condition: ([bound]) => sql`${rangeColumns[key]} ${sql.raw(operator)} ${bound}`,
          };
  }
  return filters;
}

/**
 * The listing's filters, in the order of its WHERE clause. Category, city and metro lead the
 * partial listing indexes; the other filters narrow the rows those indexes return.
 */
const listingFilterTable: Record<string, ListingFilter> = {
  category: {
    counted: true,
    values: (query) => one('category', query.category, 'text'),
    condition: (columns, [category]) =>
      columns.categoryKey
        ? sql`${columns.categoryKey} = ${categoryKeyOf(category ?? sql`null`)}`
        : sql`${columns.category} = ${category}`,
  },
  // By id through a one-row lookup, so the city's listing index applies without a join.
  city: {
    counted: true,
    values: (query) => one('city', query.city, 'text'),
    condition: (columns, [slug]) =>
      sql`${columns.cityId} = (select ${cities.id} from ${cities} where ${cities.slug} = ${slug})`,
  },
  metro: {
    counted: false,
    values: (query) => one('metro', query.metro, 'int'),
    condition: ([metro]) => sql`${modelProfiles.metroId} = ${metro}`,
  },
  // Literal `true` rather than a parameter so the planner can use the partial online index.
  online: {
    counted: true,
    values: (query) => (query.online === 'true' ? [] : null),
    condition: (columns) => sql`${columns.isOnline} = true`,
  },
  video: {
    counted: true,
    values: (query) => (query.video === 'true' ? [] : null),
    condition: (columns) => sql`${columns.hasVideo} = true`,
  },
  place: {
    counted: false,
    values: (query) => one('place', query.place && [query.place], 'text[]'),
    condition: ([places]) => sql`${modelProfiles.places} @> ${places}`,
  },
  appearance: {
    counted: false,
    values: (query) =>
      query.appearance?.length
        ? query.appearance.map((value, index) => ({ name: `appearance${index}`, value, type: 'text' }))
        : null,
    condition: (wanted) => sql`${modelProfiles.appearance} in (${sql.join(wanted, sql`, `)})`,
  },
  ...rangeFilters('age'),
  ...rangeFilters('price'),
  ...rangeFilters('height'),
  ...rangeFilters('weight'),
  ...rangeFilters('boobs'),
  // Every chosen service, not any of them: a visitor ticking two wants both.
  services: {
    counted: false,
    values: (query) =>
      query.services?.length
        ? query.services.flatMap((key, index): Param[] => {
            const [category = '', code = ''] = key.split('.');
            return [
              { name: `service${index}Category`, value: category, type: 'text' },
              { name: `service${index}Code`, value: code, type: 'text' },
            ];
          })
        : null,
    condition: (values) => {
      const pairs: SQL[] = [];
      for (let index = 0; index < values.length; index += 2) {
        pairs.push(sql`(${values[index]}, ${values[index + 1]})`);
      }
      return sql`(select count(*) from ${modelServices} inner join ${services} on ${services.id} = ${modelServices.serviceId}
        where ${modelServices.profileId} = ${modelProfiles.id}
        and (${services.category}, ${services.code}) in (${sql.join(pairs, sql`, `)})) = ${sql.raw(String(pairs.length))}`;
    },
  },
};

/** The filters a query turns on, each with its values. */
function filtersOn(query: ModelListQuery): { key: string; filter: ListingFilter; values: Param[] }[] {
  const on = [];
  for (const [key, filter] of listingFilterEntries) {
    const values = filter.values(query);
    if (values) on.push({ key, filter, values });
  }
  return on;
}
const listingFilterEntries = Object.entries(listingFilterTable);

const bindAll = (values: Param[], bind: Bind) =>
  values.map(({ name, value, type }) => bind(name, value, type));

/** The WHERE clause of the listing: the visible profiles, and the query's filters. */
export function listingFilters(query: ModelListQuery, bind: Bind = asValue): SQL[] {
  return [
    profileIsVisible,
    ...filtersOn(query).map(({ filter, values }) =>
      filter.counted
        ? filter.condition(modelProfiles, bindAll(values, bind))
        : filter.condition(bindAll(values, bind)),
    ),
  ];
}

function toCard(row: CardRow, photo: MediaImage | null): ModelCard {
  return {
    id: row.id,
    name: row.name,
    age: present(row.age, 'age'),
    category: row.category,
    city: { slug: row.citySlug, name: { ru: row.cityNameRu, en: row.cityNameEn } },
    metro:
      row.metroId !== null && row.metroNameRu !== null && row.metroNameEn !== null
        ? { id: row.metroId, name: { ru: row.metroNameRu, en: row.metroNameEn } }
        : null,
    priceHour: present(row.priceHour, 'price_hour'),
    photo,
    hasVideo: row.hasVideo,
    isOnline: row.isOnline,
    isTop: row.isTop,
    liveStream:
      row.liveStreamId !== null && row.liveChannelId !== null
        ? { id: row.liveStreamId, channelId: row.liveChannelId }
        : null,
  };
}

function toImage(photo: PhotoRow, name: string, index: number, locale: Locale): MediaImage {
  return {
    url: photo.url,
    width: photo.width ?? 0,
    height: photo.height ?? 0,
    alt: `${name}, ${translate(locale, 'media.photo')} ${index + 1}`,
  };
}

/**
 * Listed profiles always have these columns (CHECK model_profiles_listed_complete); a null here
 * means the database and this code disagree, which is a server error, not a visitor's.
 */
function present<T>(value: T | null, column: string): T {
  if (value === null) throw new Error(`Listed profile has no ${column}`);
  return value;
}

/**
 * A row of listingPage, its columns in the order of its select list (PAGE_COLUMNS): the total,
 * a card's columns, and the profile's place in the listing's order (its id, bump_key and
 * published_at as text; a PageKey), all null when the page is empty. On PostgreSQL every value is the text
 * PostgreSQL sent (booleans 't' or 'f'), never parsed; PGlite gives numbers and booleans.
 */
export type PageRow = (string | number | boolean | null)[];

/** The columns of listingPage, in order. */
export const PAGE_COLUMNS = [
  'total',
  'head',
  'photo',
  'complete',
  'hasVideo',
  'isOnline',
  'isTop',
  'liveStreamId',
  'liveChannelId',
  'id',
  'bumpKey',
  'publishedAt',
] as const;

/** Where isTop, and the PageKey's three columns, are in a PageRow. */
const PAGE_IS_TOP = PAGE_COLUMNS.indexOf('isTop');
const PAGE_KEY = PAGE_COLUMNS.indexOf('id');

const flag = (value: PageRow[number] | undefined) => value === true || value === 't';

/**
 * The page as JSON, from listingPage's rows: each card is its listing_cards row (the JSON of the
 * fields that change only with an edit, kept by the database), the rest of its photo's
 * description in the page's language, and the fields that change on their own, in the order and
 * with the escaping JSON.stringify gives the ModelListResponse of toCardWithPhoto's cards
 * (listing-json.test.ts and listing-cards.test.ts hold them to it).
 */
export function pageJson(rows: readonly PageRow[], page: number, locale: Locale): string {
  // The statement always returns a row, with the total, even for a page past the last.
  const total = Number(rows[0]?.[0] ?? 0);
  // The photo's description: the name (in the stored JSON), then these words.
  const photoEnd = `${JSON.stringify(`, ${translate(locale, 'media.photo')} 1`).slice(1)}}`;
  let items = '';
  for (const row of rows) {
    const [, head, photo, complete, hasVideo, isOnline, isTop, liveStreamId, liveChannelId] = row;
    // The one row of an empty page: no profile (its flags, read with the ids, are null).
    if (hasVideo === null || hasVideo === undefined) continue;
    // Listed profiles have both (CHECK model_profiles_listed_complete), and every profile a card.
    if (typeof head !== 'string' || !flag(complete)) throw new Error('Listed profile has no complete card');
    const live =
      liveStreamId !== null && liveChannelId !== null
        ? `{"id":${liveStreamId},"channelId":${JSON.stringify(liveChannelId)}}`
        : 'null';
    items += `${items ? ',' : ''}${head}${photo ? `${photo}${photoEnd}` : 'null'},"hasVideo":${flag(hasVideo)},"isOnline":${flag(isOnline)},"isTop":${flag(isTop)},"liveStream":${live}}`;
  }
  return `{"items":[${items}],"total":${total},"page":${page},"perPage":${LISTING_PAGE_SIZE},"pageCount":${Math.ceil(total / LISTING_PAGE_SIZE)}}`;
}

/**
 * One page of the listing and its total, as one statement. The order's first key, an active top
 * placement, depends on the clock and so cannot lead an index: the active tops (a few paid slots)
 * are read on their own (`tops`), and the rest come straight off a partial listing index in bump
 * order, the page's offset skipped on the index alone (the listing indexes carry the columns the
 * common filters test, and what a card shows that changes on its own: online, video). Only the
 * page's ids then read their cards (listing_cards: one row each, the JSON of the rest) and live
 * streams. Every part reads one snapshot and one `now()`, so a placement ending meanwhile is in
 * one part only. The total is the maintained count when it covers the filters (maintainedTotal),
 * else a count of the matching rows. Empty pages still return one row, with the total and null
 * columns.
 *
 * With `after` (the last card of a page before this one, and the cards between; see PageAnchors),
 * the rest start right after that card on the same index instead of skipping the whole offset: a
 * deep page then costs what the first does. The tops are still placed by the offset, as they are
 * few (a page end is only kept below them).
 */
function listingPage(query: ModelListQuery, offset: number, bind: Bind, after?: PageStart): SQL {
  const where = and(...listingFilters(query, bind));
  const order = sql.join(bumpOrder, sql`, `);
  const total = countsCover(query)
    ? maintainedTotal(query, bind)
    : sql`(select count(*) from ${modelProfiles} where ${where})`;
  const first = bind('offset', offset, 'int');
  const onPage = sql`pos > ${first} and pos <= ${first} + ${sql.raw(String(LISTING_PAGE_SIZE))}`;
  // The online index holds only profiles online: its condition, not a column it can give back.
  const isOnline = query.online === 'true' ? sql`true` : sql`${modelProfiles.isOnline}`;
  const columns = sql`${modelProfiles.id} as id, ${modelProfiles.bumpKey} as bump_key,
    ${modelProfiles.publishedAt} as published_at, ${isOnline} as is_online, ${modelProfiles.hasVideo} as has_video`;
  // The tops by their position; the rest (no position) after them in the same order.
  return sql`with tops as materialized (
      select ${columns}, row_number() over (order by ${order}) as pos
      from ${modelProfiles}
      where ${where} and ${modelProfiles.topUntil} > now()
    ),
    page_ids as (
      select id, bump_key, published_at, is_online, has_video, pos from tops where ${onPage}
      union all
      select id, bump_key, published_at, is_online, has_video, null from (
        select ${columns}
        from ${modelProfiles}
        where ${where} and (${modelProfiles.topUntil} is null or ${modelProfiles.topUntil} <= now())${
          after
            ? sql` and (${modelProfiles.bumpKey}, ${modelProfiles.publishedAt}, ${modelProfiles.id}) < (${bind('afterBumpKey', after.key.bumpKey, 'timestamptz')}, ${bind('afterPublishedAt', after.key.publishedAt, 'timestamptz')}, ${bind('afterId', after.key.id, 'int')})`
            : sql``
        }
        order by ${order}
        limit ${sql.raw(String(LISTING_PAGE_SIZE))} - (select count(*) from tops where ${onPage})
        offset ${after ? bind('afterSkip', after.skip, 'int') : sql`greatest(0, ${first} - (select count(*) from tops))`}
      ) as rest
    )
    select ${total}::int as "total", ${listingCards.head} as "head", ${listingCards.photo} as "photo",
      ${listingCards.complete} as "complete", page_ids.has_video as "hasVideo",
      page_ids.is_online as "isOnline", page_ids.pos is not null as "isTop",
      live.id as "liveStreamId", live.channel_id as "liveChannelId", page_ids.id as "id",
      page_ids.bump_key::text as "bumpKey", page_ids.published_at::text as "publishedAt"
    from (select 1) as one
    left join (
      page_ids
      left join ${listingCards} on ${listingCards.profileId} = page_ids.id
      left join lateral (
        select ${liveStreams.id} as id, ${liveStreams.channelId} as channel_id
        from ${liveStreams}
        where ${liveStreams.profileId} = page_ids.id and ${liveStreams.endedAt} is null
        limit 1
      ) as live on true
    ) on true
    order by page_ids.pos nulls last, page_ids.bump_key desc nulls last, page_ids.published_at desc nulls last,
      page_ids.id desc nulls last`;
}

/**
 * Filters the maintained counts answer: category, city, online, video and the hourly price. Any
 * other (metro, place, appearance, age, height, weight, bust, services) is counted row by row;
 * those narrow a list to a station's profiles or a few hundred.
 */
export function countsCover(query: ModelListQuery): boolean {
  return filtersOn(query).every(({ filter }) => filter.counted);
}

/** The filters countsCover accepts, over the columns of listing_counts or of a row set like it. */
function countedFilters(query: ModelListQuery, columns: CountedColumns, bind: Bind): SQL[] {
  return filtersOn(query).flatMap(({ filter, values }) =>
    filter.counted ? [filter.condition(columns, bindAll(values, bind))] : [],
  );
}

/**
 * The exact number of visible profiles a query covered by the counts (countsCover) matches, as a
 * scalar expression, without counting rows. listing_counts (see the schema) holds how many listed
 * profiles there are per key, kept by triggers in the transaction of every write, whoever makes it.
 * Expiry is the one change no write makes: a profile stops being visible when its paid time is
 * over, and the expiry job flips its status up to a minute later. Those few (listed, past their
 * time) are counted through their own partial index and subtracted, so the total is what counting
 * the visible rows would give, in the same snapshot.
 */
export function maintainedTotal(query: ModelListQuery, bind: Bind = asValue): SQL {
  const byPrice = query.priceMin !== undefined || query.priceMax !== undefined;
  const counted = and(
    // The rows per price, or the rows for every price (0): never both, or a profile counts twice.
    byPrice ? sql`${listingCounts.priceHour} > 0` : sql`${listingCounts.priceHour} = 0`,
    ...countedFilters(query, listingCounts, bind),
  );
  const overdue = and(
    ...countedFilters(
      query,
      {
        category: sql`overdue.category`,
        cityId: sql`overdue.city_id`,
        isOnline: sql`overdue.is_online`,
        hasVideo: sql`overdue.has_video`,
        priceHour: sql`overdue.price_hour`,
      },
      bind,
    ),
  );
  // `offset 0` keeps the overdue rows a query of their own, read through their partial index,
  // instead of a filter over a whole listing index.
  return sql`((select coalesce(sum(${listingCounts.n}), 0) from ${listingCounts} where ${counted})
    - (select count(*) from (
        select ${modelProfiles.category} as category, ${modelProfiles.cityId} as city_id,
          ${modelProfiles.isOnline} as is_online, ${modelProfiles.hasVideo} as has_video,
          ${modelProfiles.priceHour} as price_hour
        from ${modelProfiles}
        where ${profileIsListed} and ${modelProfiles.expiresAt} <= now()
        offset 0
      ) as overdue${overdue ? sql` where ${overdue}` : sql``}))`;
}

/**
 * What the listing statement's text depends on: which filters are on and the names of their
 * values (so how many a list has). The values are not part of it.
 */
function shapeOf(on: FiltersOn): string {
  let shape = '';
  for (const { key, values } of on) {
    shape += `${key}(`;
    for (const { name } of values) shape += `${name},`;
    shape += ') ';
  }
  return shape;
}

/** The values listingPage binds for a query, by name, without building the statement. */
function valuesOf(on: FiltersOn, offset: number): Record<string, unknown> {
  const named: Record<string, unknown> = { offset };
  for (const { values } of on) {
    for (const { name, value } of values) named[name] = value;
  }
  return named;
}

type FiltersOn = ReturnType<typeof filtersOn>;

/** A visible profile's row, its public media and its services, by `id` (findVisible). */
function prepareProfileStatements(db: Database) {
  const id = sql.placeholder('id');
  return {
    profile: db
      .select({
        ...cardColumns,
        height: modelProfiles.height,
        weight: modelProfiles.weight,
        boobs: modelProfiles.boobs,
        appearance: modelProfiles.appearance,
        priceTwoHours: modelProfiles.priceTwoHours,
        priceNight: modelProfiles.priceNight,
        places: modelProfiles.places,
        phone: modelProfiles.phone,
        telegram: modelProfiles.telegram,
        whatsapp: modelProfiles.whatsapp,
        viber: modelProfiles.viber,
        description: modelProfiles.description,
        publishedAt: modelProfiles.publishedAt,
      })
      .from(modelProfiles)
      .innerJoin(cities, eq(cities.id, modelProfiles.cityId))
      .leftJoin(metroStations, eq(metroStations.id, modelProfiles.metroId))
      .where(and(eq(modelProfiles.id, id), profileIsVisible))
      .limit(1)
      .prepare('profile_visible'),
    media: db
      .select({ kind: media.kind, url: media.url, width: media.width, height: media.height })
      .from(media)
      .where(and(eq(media.profileId, id), eq(media.isPublic, true)))
      .orderBy(asc(media.position), asc(media.id))
      .prepare('profile_public_media'),
    services: db
      .select({
        category: services.category,
        code: services.code,
        nameRu: services.nameRu,
        nameEn: services.nameEn,
        description: modelServices.description,
      })
      .from(modelServices)
      .innerJoin(services, eq(services.id, modelServices.serviceId))
      .where(eq(modelServices.profileId, id))
      .orderBy(asc(services.category), asc(services.sort), asc(services.id))
      .prepare('profile_services'),
  };
}

/** node-postgres's pool under a PostgreSQL database, for statements run by name (prepared once per connection). */
const poolOf = (db: Database) => (db as unknown as { $client: Pool }).$client;

/** The header's online figure: the maintained total of the online filter (onlineCount). */
const ONLINE_COUNT_SQL = sql`select ${maintainedTotal({ online: 'true' })}::int as n`;
const ONLINE_COUNT: Query = new PgDialect().sqlToQuery(ONLINE_COUNT_SQL);

/** Statements prepared so far, by shape; past the cap, other shapes are built for each request. */
const MAX_PREPARED_SHAPES = 64;
const dialect = new PgDialect();

/**
 * Runs the listing statement for a query. Its text is rendered once per shape (shapeOf) with
 * named placeholders and prepared; each request then runs the shape's statement with its values,
 * so no SQL is built and PostgreSQL plans the statement once, not on every request (planning it
 * costs more than running it). On PostgreSQL the statements go through statementBatches: alone,
 * node-postgres prepares a statement under its name once per connection (values as parameters);
 * when reads wait, up to LISTING_BATCH_MOST go in one message, each by EXECUTE with its values
 * written as literals (validated filter values: enums, slugs, whole numbers; a page's keys as
 * PostgreSQL wrote them). PGlite's driver has no named statements, so there it is a session-level
 * PREPARE on its one connection, run with EXECUTE and the values written as literals.
 */
function listingRunner(
  db: Database,
  kind: DatabaseKind,
  batching: StatementBatchesOptions,
  anchors: PageAnchors,
) {
  const batches = kind === 'postgres' ? statementBatches(poolOf(db), batching) : undefined;
  interface Shape {
    run(values: Record<string, unknown>): Promise<readonly PageRow[]>;
  }
  const shapes = new Map<string, Shape>();

  /**
   * Runs a rendered statement, by name when given (prepared once per connection), its rows as
   * arrays of the text PostgreSQL sent (pageJson writes it into the page as it is), without
   * drizzle's objects or pg's type parsing. On PostgreSQL through the batches.
   */
  async function run(text: Query, values: unknown[], name?: string): Promise<readonly PageRow[]> {
    if (batches) return batches.run({ name, text: text.sql }, values);
    const pglite = (db as unknown as { $client: PGlite }).$client;
    return (await pglite.query<PageRow>(text.sql, values, { rowMode: 'array' })).rows;
  }

  async function prepare(query: ModelListQuery, offset: number, after: PageStart | undefined) {
    const text = dialect.sqlToQuery(
      listingPage(
        query,
        offset,
        binder((name) => sql.placeholder(name)),
        after,
      ),
    );
    const name = `listing_${createHash('sha1').update(text.sql).digest('hex').slice(0, 32)}`;
    const valuesOf = (of: Record<string, unknown>) =>
      text.params.map((param) => (is(param, Placeholder) ? of[param.name] : param));
    if (kind === 'postgres') return { run: (of: Record<string, unknown>) => run(text, valuesOf(of), name) };
    try {
      await db.execute(sql.raw(`prepare ${name} as ${text.sql}`));
    } catch (error) {
      // Another repository on this connection prepared the same text under the same name.
      if (pgErrorCode(error) !== '42P05') throw error;
    }
    const execute = (of: Record<string, unknown>): Query => ({
      sql: executeWithLiterals(name, valuesOf(of)),
      params: [],
    });
    return { run: (of: Record<string, unknown>) => run(execute(of), []) };
  }

  async function read(
    query: ModelListQuery,
    offset: number,
    on: FiltersOn,
    shapeOfFilters: string,
    filters: string,
  ) {
    const values = valuesOf(on, offset);
    // A page before this one was read lately: start after its last card, not at the offset.
    const after = anchors.find(filters, offset);
    if (after) {
      values.afterBumpKey = after.key.bumpKey;
      values.afterPublishedAt = after.key.publishedAt;
      values.afterId = after.key.id;
      values.afterSkip = after.skip;
    }
    const shape = after ? `${shapeOfFilters}after` : shapeOfFilters;
    let statement = shapes.get(shape);
    if (!statement) {
      if (shapes.size < MAX_PREPARED_SHAPES) {
        statement = await prepare(query, offset, after);
        shapes.set(shape, statement);
      } else {
        // Past the cap: built and planned for this request only.
        const text = dialect.sqlToQuery(listingPage(query, offset, asValue, after));
        statement = { run: () => run(text, text.params) };
      }
    }
    return statement.run(values);
  }

  return async (query: ModelListQuery, offset: number): Promise<readonly PageRow[]> => {
    const on = filtersOn(query);
    const shape = shapeOf(on);
    // The filters' shape and values, the page's offset aside: what an anchor is kept under.
    const filters = `${shape}${JSON.stringify(valuesOf(on, 0))}`;
    const mark = anchors.mark();
    const rows = await read(query, offset, on, shape, filters);
    // A full page ending below the tops: the next page starts after its last card.
    const last = rows.length === LISTING_PAGE_SIZE ? rows[LISTING_PAGE_SIZE - 1] : undefined;
    if (last && !flag(last[PAGE_IS_TOP])) {
      const [id, bumpKey, publishedAt] = last.slice(PAGE_KEY);
      if (
        typeof bumpKey === 'string' &&
        typeof publishedAt === 'string' &&
        (typeof id === 'string' || typeof id === 'number')
      ) {
        anchors.remember(filters, offset + LISTING_PAGE_SIZE, { bumpKey, publishedAt, id }, mark);
      }
    }
    return rows;
  };
}

/** The SQLSTATE of a database error from either driver (drizzle wraps it in `cause`). */
function pgErrorCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: string } }).cause;
  return cause?.code ?? (error as { code?: string }).code;
}

import {
  LISTING_PAGE_SIZE,
  type Locale,
  type MediaImage,
  type ModelCard,
  type ModelDetails,
  type ModelListQuery,
  type ModelListResponse,
} from 'contracts';
import {
  type AnyColumn,
  and,
  arrayContains,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  lte,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  cities,
  media,
  metroStations,
  modelProfiles,
  modelServices,
  profileIsVisible,
  services,
} from '../../db/schema';
import { translate } from '../../lib/i18n';

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

/** The listing order without its first key: exactly the order of the partial listing indexes. */
const bumpOrder: SQL[] = listingOrder.slice(1);

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

export function createModelRepository(db: Database) {
  return {
    /**
     * One page of the listing. The order's first key, an active top placement, depends on the
     * clock and so cannot lead an index; sorting every matching row by it would cost a sort of
     * the whole category on every request. Instead the active tops (a few paid slots) are read
     * on their own, and the rest come straight off a partial listing index in bump order; only
     * the page's ids are then joined to their city, metro and first photo.
     */
    async list(query: ModelListQuery, locale: Locale): Promise<ModelListResponse> {
      const page = query.page ?? 1;
      const offset = (page - 1) * LISTING_PAGE_SIZE;
      const where = and(...listingFilters(query));
      // One instant for every part of the page, so a placement ending meanwhile is in one part only.
      const at = new Date();
      const topNow = sql`${modelProfiles.topUntil} > ${at}`;
      const notTopNow = sql`(${modelProfiles.topUntil} is null or ${modelProfiles.topUntil} <= ${at})`;

      const [tops, totals] = await Promise.all([
        db
          .select({ id: modelProfiles.id })
          .from(modelProfiles)
          .where(and(where, topNow))
          .orderBy(...bumpOrder),
        db.select({ total: count() }).from(modelProfiles).where(where),
      ]);
      const topIds = tops.map((row) => row.id);
      const pageTops = topIds.slice(offset, offset + LISTING_PAGE_SIZE);
      const wanted = LISTING_PAGE_SIZE - pageTops.length;
      const rest =
        wanted > 0
          ? await db
              .select({ id: modelProfiles.id })
              .from(modelProfiles)
              .where(and(where, notTopNow))
              .orderBy(...bumpOrder)
              .limit(wanted)
              .offset(Math.max(0, offset - topIds.length))
          : [];
      const ids = [...pageTops, ...rest.map((row) => row.id)];

      const rows = ids.length ? await selectCards(db).where(inArray(modelProfiles.id, ids)) : [];
      const byId = new Map(rows.map((row) => [row.id, row]));
      const topSet = new Set(pageTops);

      const total = totals[0]?.total ?? 0;
      return {
        items: ids.flatMap((id) => {
          const row = byId.get(id);
          return row ? [toCardWithPhoto({ ...row, isTop: topSet.has(id) }, locale)] : [];
        }),
        total,
        page,
        perPage: LISTING_PAGE_SIZE,
        pageCount: Math.ceil(total / LISTING_PAGE_SIZE),
      };
    },

    /** Visible profiles whose model is online now (the header's figure). */
    async onlineCount(): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(modelProfiles)
        .where(and(profileIsVisible, sql`${modelProfiles.isOnline} = true`));
      return row?.n ?? 0;
    },

    /** The profile as a visitor sees it, or null when it is missing, hidden or blocked. */
    async findVisible(id: number, locale: Locale): Promise<ModelDetails | null> {
      const [row] = await db
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
        .limit(1);
      if (!row) return null;

      const [mediaRows, serviceRows] = await Promise.all([
        db
          .select({ kind: media.kind, url: media.url, width: media.width, height: media.height })
          .from(media)
          .where(and(eq(media.profileId, id), eq(media.isPublic, true)))
          .orderBy(asc(media.position), asc(media.id)),
        db
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
          .orderBy(asc(services.category), asc(services.sort), asc(services.id)),
      ]);

      const photos = mediaRows
        .filter((item) => item.kind === 'photo')
        .map((item, index) => toImage(item, row.name, index, locale));
      const video = mediaRows.find((item) => item.kind === 'video');

      return {
        ...toCard(row, photos[0] ?? null),
        height: present(row.height, 'height'),
        weight: present(row.weight, 'weight'),
        boobs: present(row.boobs, 'boobs'),
        appearance: present(row.appearance, 'appearance'),
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
 * The WHERE clause of the listing. Category, city and metro lead the partial listing indexes;
 * the other filters narrow the rows those indexes return.
 */
export function listingFilters(query: ModelListQuery): SQL[] {
  const filters: SQL[] = [profileIsVisible];
  if (query.category) filters.push(eq(modelProfiles.category, query.category));
  // By id through a one-row lookup, so the city's listing index applies without a join.
  if (query.city) {
    filters.push(
      sql`${modelProfiles.cityId} = (select ${cities.id} from ${cities} where ${cities.slug} = ${query.city})`,
    );
  }
  if (query.metro !== undefined) filters.push(eq(modelProfiles.metroId, query.metro));
  // Literal `true` rather than a parameter so the planner can use the partial online index.
  if (query.online === 'true') filters.push(sql`${modelProfiles.isOnline} = true`);
  if (query.video === 'true') filters.push(eq(modelProfiles.hasVideo, true));
  if (query.place) filters.push(arrayContains(modelProfiles.places, [query.place]));
  if (query.appearance?.length) filters.push(inArray(modelProfiles.appearance, query.appearance));
  for (const [key, column] of Object.entries(rangeColumns) as [keyof typeof rangeColumns, AnyColumn][]) {
    const min = query[`${key}Min`];
    const max = query[`${key}Max`];
    if (min !== undefined) filters.push(gte(column, min));
    if (max !== undefined) filters.push(lte(column, max));
  }
  if (query.services?.length) {
    // Every chosen service, not any of them: a visitor ticking two wants both.
    const wanted = query.services.map((key) => {
      const [category = '', code = ''] = key.split('.');
      return sql`(${category}, ${code})`;
    });
    filters.push(
      sql`(select count(*) from ${modelServices} inner join ${services} on ${services.id} = ${modelServices.serviceId}
        where ${modelServices.profileId} = ${modelProfiles.id}
        and (${services.category}, ${services.code}) in (${sql.join(wanted, sql`, `)})) = ${query.services.length}`,
    );
  }
  return filters;
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

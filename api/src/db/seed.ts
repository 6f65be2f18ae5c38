import {
  APPEARANCES,
  type Appearance,
  CATEGORIES,
  type Category,
  PLACES,
  type Place,
  type ProfileStatus,
  SERVICE_CATEGORY_KEYS,
  type ServiceCategoryKey,
  TOP_PLACEMENT,
} from 'contracts';
import { count, sql } from 'drizzle-orm';
import { Random } from '../lib/random';
import {
  PLACEHOLDER_COUNT,
  PLACEHOLDER_HEIGHT,
  PLACEHOLDER_WIDTH,
  placeholderUrl,
} from '../modules/media/placeholder';
import { seedPromoCodes } from '../modules/promo/seed';
import { SITE_SLOGAN } from '../modules/site/defaults';
import type { Database } from './client';
import { cities, media, metroStations, modelProfiles, modelServices, services, siteSettings } from './schema';
import {
  BLOCK_REASONS,
  CITY_SEEDS,
  DESCRIPTION_SENTENCES,
  FIRST_NAMES,
  METRO_SEEDS,
  SERVICE_NOTES,
  SERVICE_SEEDS,
} from './seed-catalog';
import { seedModerationDemo } from './seed-moderation';
import { seedPrices } from './seed-prices';

export const DEFAULT_PROFILE_COUNT = 400;
const DEFAULT_SEED = 20_240_601;
/** Any number; it only has to differ from the other advisory locks (see db/client.ts). */
const SEED_LOCK_KEY = 7_310_002;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Rows per INSERT: well under PostgreSQL's 65,535 bound parameters at ~30 columns a row. */
const BATCH_SIZE = 1000;

export interface SeedOptions {
  /** How many profiles to create (hidden ones included). */
  profiles?: number;
  /** Seed of the generator: the same seed gives the same data. */
  seed?: number;
  /** The moment "recently bumped" and "top until" are measured from. */
  now?: Date;
  /**
   * Demo profiles and demo promo codes (the default). Production seeds only the reference data:
   * prices, cities, metro stations, services and site settings.
   */
  demo?: boolean;
  /**
   * Show about a fifth of the demo profiles as online. Only for development: in production a
   * profile is online only while its model has her cabinet open or streams.
   */
  demoOnline?: boolean;
}

export interface SeedResult {
  /** False when the database already had profiles and nothing was written. */
  seeded: boolean;
  profiles: number;
}

export interface Catalog {
  cities: { id: number; slug: string; weight: number; metroIds: number[] }[];
  servicesByCategory: Map<ServiceCategoryKey, number[]>;
}

type ProfileInsert = typeof modelProfiles.$inferInsert;

/**
 * Fills an empty database with demo data; does nothing when any profile exists, so it is safe
 * to call on every start. An advisory lock keeps two instances starting together from both
 * seeding.
 */
export async function seed(db: Database, options: SeedOptions = {}): Promise<SeedResult> {
  const profileCount = options.profiles ?? DEFAULT_PROFILE_COUNT;
  const now = options.now ?? new Date();
  const random = new Random(options.seed ?? DEFAULT_SEED);

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    // Before the profile check, so that a database seeded before prices existed gets them too.
    await seedPrices(tx);
    if (options.demo === false) {
      await seedCatalog(tx);
      return { seeded: false, profiles: 0 };
    }
    // Demo promo codes, only into a database that has none.
    await seedPromoCodes(tx, now);
    const [existing] = await tx.select({ n: count() }).from(modelProfiles);
    if ((existing?.n ?? 0) > 0) return { seeded: false, profiles: 0 };

    const catalog = await seedCatalog(tx);
    const drafts = Array.from({ length: profileCount }, (_, index) =>
      buildProfile(random, catalog, index, now, options.demoOnline ?? false),
    );
    limitTopSlots(drafts, now);

    const ids = await insertProfiles(
      tx,
      drafts.map((draft) => draft.row),
    );
    const mediaRows: (typeof media.$inferInsert)[] = [];
    const serviceRows: (typeof modelServices.$inferInsert)[] = [];
    drafts.forEach((draft, index) => {
      const profileId = ids[index] as number;
      for (const [position, n] of draft.photos.entries()) {
        mediaRows.push({
          profileId,
          kind: 'photo',
          url: placeholderUrl(n),
          width: PLACEHOLDER_WIDTH,
          height: PLACEHOLDER_HEIGHT,
          position,
          revisionPosition: position,
          isPublic: true,
        });
      }
      for (const service of draft.services) serviceRows.push({ profileId, ...service });
    });
    for (const batch of chunks(mediaRows)) await tx.insert(media).values(batch);
    for (const batch of chunks(serviceRows)) await tx.insert(modelServices).values(batch);
    await seedModerationDemo(tx, now);

    return { seeded: true, profiles: profileCount };
  });
}

/** Cities, metro stations, services and site settings; rows already present are kept. */
export async function seedCatalog(db: Database): Promise<Catalog> {
  await db
    .insert(cities)
    .values(
      CITY_SEEDS.map((city, sort) => ({ slug: city.slug, nameRu: city.nameRu, nameEn: city.nameEn, sort })),
    )
    .onConflictDoNothing();
  const cityRows = await db.select({ id: cities.id, slug: cities.slug }).from(cities);
  const cityIdBySlug = new Map(cityRows.map((city) => [city.slug, city.id]));

  const stations: (typeof metroStations.$inferInsert)[] = [];
  for (const [slug, lines] of Object.entries(METRO_SEEDS)) {
    const cityId = cityIdBySlug.get(slug);
    if (cityId === undefined) continue;
    for (const line of lines) {
      for (const [nameRu, nameEn] of line.stations) {
        stations.push({
          cityId,
          nameRu,
          nameEn,
          lineRu: line.ru,
          lineEn: line.en,
          lineColor: line.color,
          sort: stations.length,
        });
      }
    }
  }
  await db.insert(metroStations).values(stations).onConflictDoNothing();

  await db
    .insert(services)
    .values(SERVICE_SEEDS.map((service, sort) => ({ ...service, sort })))
    .onConflictDoNothing();

  await db
    .insert(siteSettings)
    .values({ key: 'siteSlogan', valueRu: SITE_SLOGAN.ru, valueEn: SITE_SLOGAN.en })
    .onConflictDoNothing();

  const stationRows = await db
    .select({ id: metroStations.id, cityId: metroStations.cityId })
    .from(metroStations);
  const serviceRows = await db.select({ id: services.id, category: services.category }).from(services);

  const servicesByCategory = new Map<ServiceCategoryKey, number[]>(
    SERVICE_CATEGORY_KEYS.map((key) => [key, []]),
  );
  for (const row of serviceRows) servicesByCategory.get(row.category)?.push(row.id);

  return {
    cities: CITY_SEEDS.flatMap((city) => {
      const id = cityIdBySlug.get(city.slug);
      if (id === undefined) return [];
      const metroIds = stationRows.filter((station) => station.cityId === id).map((station) => station.id);
      return [{ id, slug: city.slug, weight: city.weight, metroIds }];
    }),
    servicesByCategory,
  };
}

interface ProfileDraft {
  row: ProfileInsert;
  photos: number[];
  services: { serviceId: number; description: string | null }[];
}

const CATEGORY_WEIGHTS: Record<Category, number> = { individual: 40, massage: 25, elite: 20, bdsm: 15 };

const APPEARANCE_WEIGHTS: Partial<Record<Appearance, number>> = {
  SLAVIC: 50,
  CAUCASIAN: 14,
  TATAR: 6,
  ASIAN: 5,
  LATINO: 4,
  MULATTO: 4,
  KAZAKH: 4,
};

/** Which service categories a profile of each listing category mostly offers. */
const SERVICE_POOLS: Record<Category, ServiceCategoryKey[]> = {
  individual: ['sex', 'other', 'strip'],
  massage: ['massage', 'other'],
  elite: ['other', 'sex', 'strip', 'extreme'],
  bdsm: ['bdsm', 'extreme', 'other'],
};

const PRICE_RANGES: Record<Category, [number, number]> = {
  individual: [3000, 12_000],
  massage: [2500, 8000],
  elite: [15_000, 50_000],
  bdsm: [5000, 20_000],
};

/** Hidden statuses appear too, so that the demo shows they never reach visitors. */
const STATUS_WEIGHTS: [ProfileStatus, number][] = [
  ['active', 78],
  ['published', 10],
  ['draft', 3],
  ['pending', 2],
  ['expired', 2],
  ['rejected', 2],
  ['unactive', 1],
  ['saved', 1],
  ['cancel', 1],
];

function buildProfile(
  random: Random,
  catalog: Catalog,
  index: number,
  now: Date,
  demoOnline: boolean,
): ProfileDraft {
  // The first profiles go round every city and category, so even a small seed covers them all.
  const city = catalog.cities[index] ?? random.weighted(catalog.cities, (c) => c.weight);
  const category = CATEGORIES[index] ?? random.weighted(CATEGORIES, (c) => CATEGORY_WEIGHTS[c]);
  const status = index < 8 ? 'active' : random.weighted(STATUS_WEIGHTS, ([, weight]) => weight)[0];
  const visible = status === 'active' || status === 'published';
  const capital = city.slug === 'moscow' || city.slug === 'saint-petersburg';
  const name = random.pick(FIRST_NAMES);

  const [low, high] = PRICE_RANGES[category];
  const priceHour = roundTo(random.int(low, high) * (capital ? 1.3 : 1), 500);
  const priceTwoHours = random.chance(0.85) ? Math.min(roundTo(priceHour * 1.8, 500), 200_000) : null;
  const priceNight = random.chance(0.6) ? Math.min(roundTo(priceHour * 5, 1000), 1_000_000) : null;

  const phone = `+79${String(random.int(0, 999_999_999)).padStart(9, '0')}`;
  const contacts = {
    phone: random.chance(0.8) ? phone : null,
    telegram: random.chance(0.6) ? `${transliterate(name)}_${random.int(100, 9999)}` : null,
    whatsapp: random.chance(0.4) ? phone : null,
    viber: random.chance(0.2) ? phone : null,
  };
  if (!contacts.phone && !contacts.telegram && !contacts.whatsapp && !contacts.viber) contacts.phone = phone;

  const publishedAt =
    status === 'draft' || status === 'saved' || status === 'pending'
      ? null
      : new Date(now.getTime() - random.int(1, 60 * 24) * HOUR_MS);
  const expiresAt = publishedAt
    ? status === 'expired'
      ? new Date(now.getTime() - random.int(1, 10) * DAY_MS)
      : // Paid up to three months ahead, so every listed demo profile is still within its time.
        new Date(publishedAt.getTime() + 90 * DAY_MS)
    : null;
  const createdAt = new Date((publishedAt ?? now).getTime() - random.int(1, 72) * HOUR_MS);

  const topRoll = random.next();
  const topUntil =
    visible && topRoll < 0.06
      ? new Date(now.getTime() + random.int(1, TOP_PLACEMENT.days * 24) * HOUR_MS)
      : topRoll > 0.96
        ? new Date(now.getTime() - random.int(1, 10) * DAY_MS)
        : null;
  const bumpedAt =
    visible && random.chance(0.3) ? new Date(now.getTime() - random.int(5, 72 * 60) * 60_000) : null;
  // A few listed profiles are blocked by moderation while keeping their status.
  const isBlocked = status === 'cancel' || (visible && random.chance(0.02));

  const isDraft = status === 'draft';
  const row: ProfileInsert = {
    name,
    category,
    cityId: city.id,
    metroId: city.metroIds.length > 0 && random.chance(0.85) ? random.pick(city.metroIds) : null,
    age: randomAge(random),
    height: random.int(155, 182),
    weight: random.int(45, 72),
    boobs: random.chance(0.9) ? random.int(1, 5) : random.int(0, 12),
    appearance: random.weighted(APPEARANCES, (a) => APPEARANCE_WEIGHTS[a] ?? 2),
    // Drafts show that a profile may be saved half-filled.
    priceHour: isDraft ? null : priceHour,
    priceTwoHours: isDraft ? null : priceTwoHours,
    priceNight: isDraft ? null : priceNight,
    places: randomPlaces(random),
    ...contacts,
    description: isDraft ? null : random.sample(DESCRIPTION_SENTENCES, random.int(2, 3)).join(' '),
    status,
    isBlocked,
    blockReason: isBlocked ? random.pick(BLOCK_REASONS) : null,
    // Drawn either way, so the rest of the demo data is the same with and without it.
    isOnline: random.chance(0.2) && demoOnline,
    hasVideo: random.chance(0.15),
    topUntil,
    bumpedAt,
    publishedAt,
    expiresAt,
    createdAt,
    updatedAt: bumpedAt ?? publishedAt ?? createdAt,
  };

  const photos = Array.from({ length: random.int(2, 5) }, () => random.int(1, PLACEHOLDER_COUNT));

  const pool = SERVICE_POOLS[category].flatMap((key) => catalog.servicesByCategory.get(key) ?? []);
  const chosen = random.sample(pool, random.int(3, 7));
  const profileServices = chosen.map((serviceId) => ({
    serviceId,
    description: random.chance(0.2) ? random.pick(SERVICE_NOTES) : null,
  }));

  return { row, photos, services: profileServices };
}

/** Top placement is sold per city in a few slots: keep the seed within them. */
function limitTopSlots(drafts: ProfileDraft[], now: Date): void {
  const taken = new Map<number | null | undefined, number>();
  for (const { row } of drafts) {
    if (!row.topUntil || row.topUntil <= now) continue;
    const used = taken.get(row.cityId) ?? 0;
    if (used >= TOP_PLACEMENT.slotsPerCity) row.topUntil = null;
    else taken.set(row.cityId, used + 1);
  }
}

async function insertProfiles(db: Database, rows: ProfileInsert[]): Promise<number[]> {
  const ids: number[] = [];
  for (const batch of chunks(rows)) {
    const inserted = await db.insert(modelProfiles).values(batch).returning({ id: modelProfiles.id });
    // Identity values are handed out in VALUES order, so ascending ids follow the input order.
    ids.push(...inserted.map((row) => row.id).sort((a, b) => a - b));
  }
  return ids;
}

/** 18 to 60, most between 20 and 35. */
function randomAge(random: Random): number {
  const roll = random.next();
  if (roll < 0.08) return random.int(18, 19);
  if (roll < 0.85) return random.int(20, 35);
  return random.int(36, 60);
}

function randomPlaces(random: Random): Place[] {
  const roll = random.next();
  if (roll < 0.45) return [...PLACES];
  return roll < 0.75 ? ['apartment'] : ['visit'];
}

function roundTo(value: number, step: number): number {
  return Math.max(1000, Math.round(value / step) * step);
}

function chunks<T>(rows: T[]): T[][] {
  const result: T[][] = [];
  for (let i = 0; i < rows.length; i += BATCH_SIZE) result.push(rows.slice(i, i + BATCH_SIZE));
  return result;
}

const LATIN: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'yo',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

function transliterate(name: string): string {
  return [...name.toLowerCase()].map((letter) => LATIN[letter] ?? letter).join('');
}

import type { ServiceCategoryKey } from 'contracts';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { accounts, cities, media, modelProfiles, modelServices, services } from '../db/schema';
import { hashPassword } from '../lib/passwords';

type CityRow = typeof cities.$inferSelect;
type ProfileRow = typeof modelProfiles.$inferSelect;
type ProfileOverrides = Partial<typeof modelProfiles.$inferInsert>;

/** An hour in ms, and a time that many hours before or after now: the listing's clock-driven fields in tests. */
export const HOUR = 3_600_000;
export const hoursAgo = (hours: number) => new Date(Date.now() - hours * HOUR);
export const hoursAhead = (hours: number) => new Date(Date.now() + hours * HOUR);

let sequence = 0;
const nextNumber = () => ++sequence;

/** A city with a unique slug, so each test can own the listing of its city. */
export async function createCity(
  db: Database,
  overrides: Partial<typeof cities.$inferInsert> = {},
): Promise<CityRow> {
  const n = nextNumber();
  const [city] = await db
    .insert(cities)
    .values({
      slug: `test-city-${n}`,
      nameRu: `Город ${n}`,
      nameEn: `City ${n}`,
      sort: 1000 + n,
      ...overrides,
    })
    .returning();
  if (!city) throw new Error('city was not created');
  return city;
}

export interface ProfileExtras {
  /** Placeholder numbers of the photos, in order. */
  photos?: number[];
  video?: string;
  /** Service codes with an optional description, e.g. [['massage', 'classic', 'до 60 минут']]. */
  services?: [category: ServiceCategoryKey, code: string, description?: string][];
}

/** A complete, visible profile unless the overrides say otherwise. */
export async function createProfile(
  db: Database,
  overrides: ProfileOverrides = {},
  extras: ProfileExtras = {},
): Promise<ProfileRow> {
  const cityId = overrides.cityId ?? (await createCity(db)).id;
  const [profile] = await db
    .insert(modelProfiles)
    .values({
      name: 'Анна',
      category: 'individual',
      age: 25,
      height: 168,
      weight: 55,
      boobs: 2,
      appearance: 'SLAVIC',
      priceHour: 5000,
      priceTwoHours: 9000,
      priceNight: 25_000,
      places: ['apartment'],
      telegram: 'anna_test',
      description: 'Пунктуальна, люблю хорошую музыку.',
      status: 'active',
      publishedAt: new Date(Date.now() - 86_400_000),
      ...overrides,
      cityId,
    })
    .returning();
  if (!profile) throw new Error('profile was not created');

  const photos = extras.photos ?? [1];
  if (photos.length > 0 || extras.video) {
    await db.insert(media).values([
      ...photos.map((n, position) => ({
        profileId: profile.id,
        kind: 'photo' as const,
        url: `/media/placeholder/${n}.svg`,
        width: 600,
        height: 800,
        position,
        revisionPosition: position,
        isPublic: true,
      })),
      ...(extras.video
        ? [{ profileId: profile.id, kind: 'video' as const, url: extras.video, position: 0, isPublic: true }]
        : []),
    ]);
  }
  for (const [category, code, description] of extras.services ?? []) {
    const [service] = await db
      .select({ id: services.id })
      .from(services)
      .where(and(eq(services.category, category), eq(services.code, code)));
    if (!service) throw new Error(`no service ${category}/${code}; seed the catalogue first`);
    await db
      .insert(modelServices)
      .values({ profileId: profile.id, serviceId: service.id, description: description ?? null });
  }
  return profile;
}

type AccountRow = typeof accounts.$inferSelect;

/** An account with a real argon2id hash of `password` (default "secret123"). */
export async function createAccount(
  db: Database,
  overrides: Partial<typeof accounts.$inferInsert> & { password?: string } = {},
): Promise<AccountRow & { password: string }> {
  const n = nextNumber();
  const { password = 'secret123', ...values } = overrides;
  const [account] = await db
    .insert(accounts)
    .values({
      email: `user${n}-${Date.now()}@example.test`,
      passwordHash: await hashPassword(password),
      accountType: 'girl',
      ...values,
    })
    .returning();
  if (!account) throw new Error('account was not created');
  return { ...account, password };
}

import type { ProfileDraft } from 'contracts';
import type { Database } from '../db/client';
import { media, services } from '../db/schema';
import { placeholderUrl } from '../modules/media/placeholder';

/** A whole profile form for the city `city`, with a service that the catalogue must hold. */
export function completeDraft(city: string, overrides: Partial<ProfileDraft> = {}): ProfileDraft {
  return {
    name: 'Вера',
    category: 'massage',
    city,
    metro: null,
    places: ['apartment'],
    services: [{ category: 'massage', code: 'classic', description: 'до 60 минут' }],
    prices: { hour: 5000, twoHours: 9000, night: null },
    age: 27,
    height: 170,
    weight: 56,
    boobs: 2,
    appearance: 'SLAVIC',
    contacts: { phone: '+7 900 123-45-67', telegram: null, whatsapp: null, viber: null },
    description: 'Спокойный классический массаж в уютной студии.',
    ...overrides,
  };
}

/** The service completeDraft names, once per database. */
export async function ensureClassicMassage(db: Database): Promise<void> {
  await db
    .insert(services)
    .values({ category: 'massage', code: 'classic', nameRu: 'Классический', nameEn: 'Classic' })
    .onConflictDoNothing();
}

/** A photo in the profile's working version, as an upload would leave it (without a stored file). */
export async function addDraftPhoto(db: Database, profileId: number, n = 1): Promise<number> {
  const [row] = await db
    .insert(media)
    .values({
      profileId,
      kind: 'photo',
      url: placeholderUrl(n),
      width: 600,
      height: 800,
      inRevision: true,
      isPublic: false,
      revisionPosition: n,
    })
    .returning({ id: media.id });
  if (!row) throw new Error('photo was not added');
  return row.id;
}

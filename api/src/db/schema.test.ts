import { PROFILE_BOUNDS } from 'contracts';
import { describe, expect, it } from 'vitest';
import { createCity, createProfile } from '../testing/builders';
import { testAppForFile } from '../testing/create-test-app';
import { accounts, modelServices } from './schema';
import { seedCatalog } from './seed';

const t = testAppForFile({}, (app) => seedCatalog(app.db));

/** The name of the constraint a write broke, from either driver's error. */
async function violatedConstraint(write: Promise<unknown>): Promise<string | undefined> {
  try {
    await write;
  } catch (error) {
    const cause = (error as { cause?: { constraint?: string } }).cause;
    return cause?.constraint ?? (error as { constraint?: string }).constraint ?? String(error);
  }
  return undefined;
}

describe('the database refuses bad data by itself', () => {
  it.each([
    ['an age under 18', { age: 17 }, 'model_profiles_age_check'],
    ['an age over 60', { age: 61 }, 'model_profiles_age_check'],
    ['a one-letter name', { name: 'А' }, 'model_profiles_name_check'],
    ['a height over 200', { height: 201 }, 'model_profiles_height_check'],
    ['a bust size over 12', { boobs: 13 }, 'model_profiles_boobs_check'],
    ['an hourly price under 1000', { priceHour: 999 }, 'model_profiles_price_hour_check'],
    ['a night price over a million', { priceNight: 1_000_001 }, 'model_profiles_price_night_check'],
    ['an unknown category', { category: 'other' as never }, 'model_profiles_category_check'],
    ['an unknown status', { status: 'deleted' as never }, 'model_profiles_status_check'],
    ['an unknown place', { places: ['sauna'] as never }, 'model_profiles_places_check'],
    ['a block reason on an unblocked profile', { blockReason: 'spam' }, 'model_profiles_block_reason_check'],
    [
      'a listed profile without contacts',
      { phone: null, telegram: null, whatsapp: null, viber: null },
      'model_profiles_listed_complete',
    ],
    ['a listed profile without a price', { priceHour: null }, 'model_profiles_listed_complete'],
    ['a listed profile without a publication time', { publishedAt: null }, 'model_profiles_listed_complete'],
  ])('refuses %s', async (_name, overrides, constraint) => {
    const city = await createCity(t.db);
    expect(await violatedConstraint(createProfile(t.db, { cityId: city.id, ...overrides }))).toBe(constraint);
  });

  it('keeps a half-filled draft', async () => {
    const draft = await createProfile(t.db, {
      status: 'draft',
      age: null,
      priceHour: null,
      description: null,
      telegram: null,
      publishedAt: null,
      places: [],
    });
    expect(draft.id).toBeGreaterThan(0);
  });

  it('lists a profile without the optional height, weight, bust size and appearance', async () => {
    const listed = await createProfile(t.db, { height: null, weight: null, boobs: null, appearance: null });
    expect(listed).toMatchObject({ status: 'active', height: null, appearance: null });
  });

  it('limits a service description to 50 characters', async () => {
    const profile = await createProfile(t.db, {}, { services: [['massage', 'classic']] });
    const tooLong = 'а'.repeat(PROFILE_BOUNDS.serviceDescriptionMax + 1);
    const write = t.db
      .insert(modelServices)
      .values({ profileId: profile.id, serviceId: 1, description: tooLong });
    expect(await violatedConstraint(write)).toBe('model_services_description_check');
  });

  it('treats e-mail addresses that differ only in case as the same account', async () => {
    const account = { passwordHash: 'x', accountType: 'girl' as const };
    await t.db.insert(accounts).values({ ...account, email: 'Anna@Example.com' });
    const duplicate = t.db.insert(accounts).values({ ...account, email: 'anna@example.com' });
    expect(await violatedConstraint(duplicate)).toBe('accounts_email_key');
  });
});

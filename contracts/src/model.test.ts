import { describe, expect, it } from 'vitest';
import { modelListQuerySchema } from './model';
import { validate } from './validate';

describe('modelListQuerySchema filters', () => {
  it('turns query strings into typed filters', () => {
    expect(
      validate(modelListQuerySchema, {
        metro: '12',
        ageMin: '18',
        ageMax: '60',
        boobsMin: '0',
        appearance: 'ASIAN,SLAVIC',
        services: 'massage.classic,other.dinner',
        place: 'visit',
        video: 'true',
      }),
    ).toEqual({
      ok: true,
      value: {
        metro: 12,
        ageMin: 18,
        ageMax: 60,
        boobsMin: 0,
        appearance: ['ASIAN', 'SLAVIC'],
        services: ['massage.classic', 'other.dinner'],
        place: 'visit',
        video: 'true',
      },
    });
  });

  it('accepts equal bounds and refuses an upside-down range on its upper bound', () => {
    expect(validate(modelListQuerySchema, { priceMin: '5000', priceMax: '5000' }).ok).toBe(true);
    expect(validate(modelListQuerySchema, { heightMin: '190', heightMax: '160' })).toEqual({
      ok: false,
      fields: { heightMax: 'validation.invalidRange' },
    });
  });

  it.each([
    [{ ageMin: '17' }, 'ageMin', 'validation.ageMin'],
    [{ weightMax: '301' }, 'weightMax', 'validation.weightMax'],
    [{ boobsMax: '-1' }, 'boobsMax', 'validation.wholeNumber'],
    [{ priceMin: '01' }, 'priceMin', 'validation.wholeNumber'],
    [{ appearance: 'ASIAN,,SLAVIC' }, 'appearance', 'validation.invalidAppearance'],
    [{ services: 'massage.classic,massage.classic' }, 'services', 'validation.invalidService'],
    [{ services: 'cooking.soup' }, 'services', 'validation.invalidService'],
    [{ place: 'both' }, 'place', 'validation.invalidPlace'],
    [{ metro: '0' }, 'metro', 'validation.invalidMetro'],
  ])('refuses %j', (input, field, message) => {
    expect(validate(modelListQuerySchema, input)).toEqual({ ok: false, fields: { [field]: message } });
  });
});

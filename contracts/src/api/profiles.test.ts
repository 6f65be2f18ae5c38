import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { validate } from '../validate';
import { isBlankValue, profileDraftSchema, reasonBodySchema } from './profiles';

describe('profileDraftSchema', () => {
  it('accepts a draft with only some fields and normalises them', () => {
    const result = validate(profileDraftSchema, { name: '  Анна ', category: 'massage', age: '25' });
    expect(result).toEqual({ ok: true, value: { name: 'Анна', category: 'massage', age: 25 } });
  });

  it('leaves out fields not filled in yet (blank text, empty lists, empty groups)', () => {
    const result = validate(profileDraftSchema, {
      name: 'Анна',
      city: '  ',
      services: [],
      contacts: { phone: '', telegram: null },
      prices: { hour: '' },
    });
    expect(result).toEqual({ ok: true, value: { name: 'Анна' } });
  });

  it('refuses a filled-in field that breaks a rule, with the form message at its path', () => {
    const result = validate(profileDraftSchema, { name: 'Анна', age: 17, prices: { hour: 500 } });
    expect(result).toEqual({
      ok: false,
      fields: { age: 'validation.ageMin', 'prices.hour': 'validation.priceMin' },
    });
  });

  it('keeps a group with a part still missing as typed', () => {
    const result = validate(profileDraftSchema, { prices: { hour: '', night: '20000' } });
    expect(result).toEqual({ ok: true, value: { prices: { hour: '', night: '20000' } } });
  });

  it('refuses a body that is not an object', () => {
    expect(v.safeParse(profileDraftSchema, 'text').success).toBe(false);
    expect(v.safeParse(profileDraftSchema, null).success).toBe(false);
    // A list is an object to JavaScript; as a draft it would wipe every field.
    expect(v.safeParse(profileDraftSchema, []).success).toBe(false);
    expect(v.safeParse(profileDraftSchema, [{ name: 'Анна' }]).success).toBe(false);
  });

  it('drops unknown keys', () => {
    expect(validate(profileDraftSchema, { name: 'Анна', status: 'active' })).toEqual({
      ok: true,
      value: { name: 'Анна' },
    });
  });
});

describe('isBlankValue', () => {
  it('treats nothing, blank text, empty lists and groups of blanks as blank', () => {
    for (const blank of [undefined, null, '', '  ', [], {}, { a: '', b: null }])
      expect(isBlankValue(blank)).toBe(true);
    for (const filled of [0, 'a', [1], { a: 'x' }, false]) expect(isBlankValue(filled)).toBe(false);
  });
});

describe('reasonBodySchema', () => {
  it('needs a non-blank reason of at most 500 characters', () => {
    expect(validate(reasonBodySchema, { reason: '  ' })).toEqual({
      ok: false,
      fields: { reason: 'validation.reasonRequired' },
    });
    expect(validate(reasonBodySchema, { reason: 'x'.repeat(501) })).toEqual({
      ok: false,
      fields: { reason: 'validation.reasonTooLong' },
    });
    expect(validate(reasonBodySchema, { reason: ' Фото чужие ' })).toEqual({
      ok: true,
      value: { reason: 'Фото чужие' },
    });
  });
});

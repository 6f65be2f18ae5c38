import { describe, expect, it } from 'vitest';
import { promoCodeFormSchema, promoCodeSchema } from './promo-code';
import { errorsOf, outputOf } from './test-utils';

describe('promoCodeSchema', () => {
  it('answers an empty code with promoRequired', () => {
    expect(errorsOf(promoCodeSchema, '')).toEqual({ '': 'validation.promoRequired' });
    expect(errorsOf(promoCodeSchema, '   ')).toEqual({ '': 'validation.promoRequired' });
  });

  it('rejects 2 characters with promoTooShort and accepts 3', () => {
    expect(errorsOf(promoCodeSchema, 'ab')).toEqual({ '': 'validation.promoTooShort' });
    expect(errorsOf(promoCodeSchema, ' ab ')).toEqual({ '': 'validation.promoTooShort' });
    expect(outputOf(promoCodeSchema, 'abc')).toBe('ABC');
  });

  it('accepts 32 characters and rejects 33', () => {
    expect(errorsOf(promoCodeSchema, 'p'.repeat(32))).toEqual({});
    expect(errorsOf(promoCodeSchema, 'p'.repeat(33))).toEqual({ '': 'validation.promoTooLong' });
  });

  it('trims and upper-cases the input', () => {
    expect(outputOf(promoCodeSchema, '  summer-25 ')).toBe('SUMMER-25');
  });
});

describe('promoCodeFormSchema', () => {
  it('puts the message on the code field', () => {
    expect(errorsOf(promoCodeFormSchema, { code: '' })).toEqual({ code: 'validation.promoRequired' });
    expect(outputOf(promoCodeFormSchema, { code: 'bonus' })).toEqual({ code: 'BONUS' });
  });
});

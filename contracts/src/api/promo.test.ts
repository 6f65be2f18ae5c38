import { describe, expect, it } from 'vitest';
import { errorsOf, outputOf } from '../validation/test-utils';
import { promoCodeBodySchema, validatePublicPromoBodySchema } from './promo';

describe('promoCodeBodySchema', () => {
  it('upper-cases and trims the code', () => {
    expect(outputOf(promoCodeBodySchema, { code: ' welcome100 ' })).toEqual({ code: 'WELCOME100' });
  });

  it('asks for a code and refuses one under 3 characters', () => {
    expect(errorsOf(promoCodeBodySchema, { code: '' })).toEqual({ code: 'validation.promoRequired' });
    expect(errorsOf(promoCodeBodySchema, { code: 'ab' })).toEqual({ code: 'validation.promoTooShort' });
  });
});

describe('validatePublicPromoBodySchema', () => {
  it('takes an optional account type', () => {
    expect(outputOf(validatePublicPromoBodySchema, { code: 'bonus10' })).toEqual({ code: 'BONUS10' });
    expect(outputOf(validatePublicPromoBodySchema, { code: 'bonus10', accountType: 'girl' })).toEqual({
      code: 'BONUS10',
      accountType: 'girl',
    });
  });

  it('refuses an unknown account type', () => {
    expect(errorsOf(validatePublicPromoBodySchema, { code: 'bonus10', accountType: 'admin' })).toEqual({
      accountType: 'validation.invalidAccountType',
    });
  });
});

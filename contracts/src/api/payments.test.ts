import { describe, expect, it } from 'vitest';
import { errorsOf, outputOf } from '../validation/test-utils';
import { createPaymentOrderBodySchema, paymentOrderListQuerySchema } from './payments';

describe('createPaymentOrderBodySchema', () => {
  it('takes any top-up of the API range: above 0, at most 100,000 rubles', () => {
    expect(outputOf(createPaymentOrderBodySchema, { amount: 1 })).toEqual({ amount: 1 });
    expect(outputOf(createPaymentOrderBodySchema, { amount: '100 000' })).toEqual({ amount: 100_000 });
    expect(errorsOf(createPaymentOrderBodySchema, { amount: 0 })).toEqual({ amount: 'validation.topUpMin' });
    expect(errorsOf(createPaymentOrderBodySchema, { amount: 100_001 })).toEqual({
      amount: 'validation.topUpMax',
    });
    expect(errorsOf(createPaymentOrderBodySchema, { amount: 10.5 })).toEqual({
      amount: 'validation.wholeNumber',
    });
  });

  it('holds an order from the payment modal to the modal minimum of 500', () => {
    expect(errorsOf(createPaymentOrderBodySchema, { amount: 499, source: 'modal' })).toEqual({
      amount: 'validation.topUpModalMin',
    });
    expect(outputOf(createPaymentOrderBodySchema, { amount: 500, source: 'modal' })).toEqual({
      amount: 500,
      source: 'modal',
    });
  });

  it('upper-cases a promo code and drops a blank one', () => {
    expect(outputOf(createPaymentOrderBodySchema, { amount: 600, promoCode: ' bonus10 ' })).toEqual({
      amount: 600,
      promoCode: 'BONUS10',
    });
    expect(outputOf(createPaymentOrderBodySchema, { amount: 600, promoCode: '' })).toEqual({
      amount: 600,
      promoCode: undefined,
    });
    expect(errorsOf(createPaymentOrderBodySchema, { amount: 600, promoCode: 'ab' })).toEqual({
      promoCode: 'validation.promoTooShort',
    });
  });

  it('refuses an unknown source and a body that is not an object', () => {
    expect(Object.keys(errorsOf(createPaymentOrderBodySchema, { amount: 600, source: 'x' }))).toEqual([
      'source',
    ]);
    expect(Object.keys(errorsOf(createPaymentOrderBodySchema, 5))).toHaveLength(1);
  });
});

describe('paymentOrderListQuerySchema', () => {
  it('reads page numbers from the query string', () => {
    expect(outputOf(paymentOrderListQuerySchema, { page: '2', perPage: '5' })).toEqual({
      page: 2,
      perPage: 5,
    });
    expect(errorsOf(paymentOrderListQuerySchema, { perPage: '101' })).toEqual({
      perPage: 'validation.invalidPerPage',
    });
  });
});

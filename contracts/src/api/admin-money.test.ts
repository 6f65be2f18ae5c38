import { describe, expect, it } from 'vitest';
import { errorsOf, outputOf } from '../validation/test-utils';
import { adjustmentBodySchema, adminPaymentOrderQuerySchema, promoCodeCreateBodySchema } from './admin-money';
import { priceItemBodySchema, priceItemParamsSchema, sloganBodySchema } from './admin-site';

describe('adjustmentBodySchema', () => {
  it('takes rubles either way with at most two decimals, never 0, at most 1,000,000, and a trimmed reason', () => {
    expect(outputOf(adjustmentBodySchema, { amount: -0.1, reason: '  Сбой  ' })).toEqual({
      amount: -0.1,
      reason: 'Сбой',
    });
    expect(outputOf(adjustmentBodySchema, { amount: 1_000_000, reason: 'Бонус' }).amount).toBe(1_000_000);
    for (const amount of [0, 0.001, 1_000_000.01, -1_000_001, Number.POSITIVE_INFINITY, '5']) {
      expect(errorsOf(adjustmentBodySchema, { amount, reason: 'Бонус' }), String(amount)).toEqual({
        amount: 'validation.invalidAdjustment',
      });
    }
    expect(errorsOf(adjustmentBodySchema, { amount: 1, reason: ' ab ' })).toEqual({
      reason: 'validation.reasonTooShort',
    });
    expect(errorsOf(adjustmentBodySchema, { amount: 1, reason: 'x'.repeat(501) })).toEqual({
      reason: 'validation.reasonTooLong',
    });
  });
});

describe('promoCodeCreateBodySchema', () => {
  const good = {
    code: ' spring25 ',
    promoType: 'DEPOSIT_PERCENTAGE',
    amount: 100,
    descriptionRu: 'Бонус',
    descriptionEn: 'Bonus',
  };

  it('upper-cases a latin code and bounds the amount by the promo type', () => {
    expect(outputOf(promoCodeCreateBodySchema, good)).toMatchObject({ code: 'SPRING25', amount: 100 });
    expect(errorsOf(promoCodeCreateBodySchema, { ...good, amount: 101 })).toEqual({
      amount: 'validation.invalidPromoAmount',
    });
    expect(
      outputOf(promoCodeCreateBodySchema, { ...good, promoType: 'BALANCE_AMOUNT', amount: 100_000 }).amount,
    ).toBe(100_000);
    expect(errorsOf(promoCodeCreateBodySchema, { ...good, code: 'ПРОМО1' })).toEqual({
      code: 'validation.promoLatinDigits',
    });
  });

  it('takes optional limits and days, the last day after the first', () => {
    expect(
      outputOf(promoCodeCreateBodySchema, {
        ...good,
        accountType: 'advister',
        maxActivations: 10,
        validFrom: '2025-03-01',
        validUntil: '2025-03-02',
      }),
    ).toMatchObject({ accountType: 'advister', maxActivations: 10, validUntil: '2025-03-02' });
    expect(
      errorsOf(promoCodeCreateBodySchema, { ...good, validFrom: '2025-03-01', validUntil: '2025-03-01' }),
    ).toEqual({ validUntil: 'validation.invalidRange' });
    expect(errorsOf(promoCodeCreateBodySchema, { ...good, maxActivations: 0 })).toEqual({
      maxActivations: 'validation.invalidMaxActivations',
    });
  });
});

describe('adminPaymentOrderQuerySchema', () => {
  it('filters by a known status and an account id', () => {
    expect(outputOf(adminPaymentOrderQuerySchema, { status: 'finished', accountId: '7' })).toEqual({
      status: 'finished',
      accountId: 7,
    });
    expect(errorsOf(adminPaymentOrderQuerySchema, { status: 'paid' })).toEqual({
      status: 'validation.invalidStatus',
    });
  });
});

describe('site schemas', () => {
  it('trim the slogan to 1..120 characters and keep prices whole dollars of 0..1,000,000', () => {
    expect(outputOf(sloganBodySchema, { ru: ' Слоган ', en: 'Slogan' })).toEqual({
      ru: 'Слоган',
      en: 'Slogan',
    });
    expect(errorsOf(sloganBodySchema, { ru: 'x'.repeat(121), en: ' ' })).toEqual({
      ru: 'validation.sloganTooLong',
      en: 'validation.sloganRequired',
    });
    expect(errorsOf(priceItemParamsSchema, { list: 'ads', code: 'Top 7' })).toEqual({
      list: 'validation.invalidPriceList',
      code: 'validation.invalidPriceCode',
    });
    const price = { titleRu: 'Топ', titleEn: 'Top', mskSpbPrice: 0, otherPrice: 1_000_000 };
    expect(outputOf(priceItemBodySchema, price)).toEqual(price);
    expect(errorsOf(priceItemBodySchema, { ...price, mskSpbPrice: 2.5 })).toEqual({
      mskSpbPrice: 'validation.invalidPrice',
    });
  });
});

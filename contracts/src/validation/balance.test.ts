import { describe, expect, it } from 'vitest';
import { topUpModalSchema, topUpSchema } from './balance';
import { errorsOf, outputOf } from './test-utils';

describe('topUpSchema', () => {
  it('rejects 0 and accepts 1 and 100000, rejects 100001', () => {
    expect(errorsOf(topUpSchema, { amount: 0 })).toEqual({ amount: 'validation.topUpMin' });
    expect(errorsOf(topUpSchema, { amount: 1 })).toEqual({});
    expect(errorsOf(topUpSchema, { amount: 100_000 })).toEqual({});
    expect(errorsOf(topUpSchema, { amount: 100_001 })).toEqual({ amount: 'validation.topUpMax' });
  });

  it('requires an amount and accepts it as text', () => {
    expect(errorsOf(topUpSchema, { amount: '' })).toEqual({ amount: 'validation.topUpRequired' });
    expect(errorsOf(topUpSchema, { amount: -10 })).toEqual({ amount: 'validation.topUpMin' });
    expect(outputOf(topUpSchema, { amount: '2500' })).toEqual({ amount: 2500 });
  });
});

describe('topUpModalSchema', () => {
  it('rejects 499 and accepts 500 and 100000, rejects 100001', () => {
    expect(errorsOf(topUpModalSchema, { amount: 499 })).toEqual({ amount: 'validation.topUpModalMin' });
    expect(errorsOf(topUpModalSchema, { amount: 500 })).toEqual({});
    expect(errorsOf(topUpModalSchema, { amount: 100_000 })).toEqual({});
    expect(errorsOf(topUpModalSchema, { amount: 100_001 })).toEqual({ amount: 'validation.topUpMax' });
  });
});

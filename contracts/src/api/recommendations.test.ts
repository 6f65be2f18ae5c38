import { describe, expect, it } from 'vitest';
import { errorsOf, outputOf } from '../validation/test-utils';
import { recommendationsBodySchema } from './recommendations';

describe('recommendationsBodySchema', () => {
  it('accepts the id as a number or a digit string and answers a number', () => {
    expect(outputOf(recommendationsBodySchema, { id: 999_999_999 })).toEqual({ id: 999_999_999 });
    expect(outputOf(recommendationsBodySchema, { id: '5' })).toEqual({ id: 5 });
  });

  it('refuses a missing, zero, negative, fractional or oversized id', () => {
    for (const body of [
      { id: null },
      { id: 0 },
      { id: -1 },
      { id: 2.5 },
      { id: 2_147_483_648 },
      { id: 'abc' },
    ]) {
      expect(errorsOf(recommendationsBodySchema, body), JSON.stringify(body)).toEqual({
        id: 'validation.invalidId',
      });
    }
    expect(errorsOf(recommendationsBodySchema, 5)).toEqual({ '': 'validation.invalidId' });
  });
});

import { describe, expect, it } from 'vitest';
import { errorsOf, outputOf } from '../validation/test-utils';
import { analyticsBodySchema, profileViewBodySchema } from './analytics';

describe('analyticsBodySchema', () => {
  it('accepts visitCount as true or a counter, or no fields at all', () => {
    expect(outputOf(analyticsBodySchema, { visitCount: true })).toEqual({ visitCount: true });
    expect(outputOf(analyticsBodySchema, { visitCount: 3 })).toEqual({ visitCount: 3 });
    expect(outputOf(analyticsBodySchema, {})).toEqual({});
  });

  it('ignores tracking fields it does not know', () => {
    expect(outputOf(analyticsBodySchema, { visitCount: true, scrollDepth: 'deep' })).toEqual({
      visitCount: true,
    });
  });

  it('refuses a visitCount that is false, negative, fractional or text', () => {
    for (const visitCount of [false, -1, 1.5, '1', null, 1e12]) {
      expect(errorsOf(analyticsBodySchema, { visitCount }), String(visitCount)).toEqual({
        visitCount: 'validation.invalidVisitCount',
      });
    }
  });

  it('refuses a body that is not an object', () => {
    expect(errorsOf(analyticsBodySchema, null)).toEqual({ '': 'validation.required' });
    expect(errorsOf(analyticsBodySchema, 'visitCount')).toEqual({ '': 'validation.required' });
  });
});

describe('profileViewBodySchema', () => {
  it('accepts a positive integer id as a number or a digit string', () => {
    expect(outputOf(profileViewBodySchema, { modelId: 12 })).toEqual({ modelId: 12 });
    expect(outputOf(profileViewBodySchema, { modelId: '12' })).toEqual({ modelId: 12 });
  });

  it('refuses ids that are not positive integers of at most 9 digits', () => {
    for (const modelId of [
      0,
      -3,
      1.5,
      '007',
      '1e3',
      ' 12',
      1_000_000_000,
      '1000000000',
      null,
      true,
      undefined,
    ]) {
      expect(errorsOf(profileViewBodySchema, { modelId }), String(modelId)).toEqual({
        modelId: 'validation.invalidId',
      });
    }
    expect(errorsOf(profileViewBodySchema, 12)).toEqual({ '': 'validation.invalidId' });
  });
});

import { describe, expect, it } from 'vitest';
import { formatCountdown } from './countdown';

describe('formatCountdown', () => {
  it.each([
    [0, '0:00'],
    [9, '0:09'],
    [60, '1:00'],
    [75, '1:15'],
    [600, '10:00'],
    [41.2, '0:42'],
    [-3, '0:00'],
  ])('%s seconds read as %s', (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text);
  });
});

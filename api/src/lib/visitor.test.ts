import { describe, expect, it } from 'vitest';
import { analyticsDay } from './visitor';

describe('analyticsDay', () => {
  it('turns the day at midnight in Moscow (UTC+3), not at midnight UTC', () => {
    expect(analyticsDay(new Date('2025-03-09T20:59:59.999Z'))).toBe('2025-03-09');
    expect(analyticsDay(new Date('2025-03-09T21:00:00.000Z'))).toBe('2025-03-10');
    expect(analyticsDay(new Date('2024-12-31T21:30:00Z'))).toBe('2025-01-01');
  });
});

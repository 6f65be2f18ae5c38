import { NOTIFICATION_KINDS } from 'contracts';
import { notificationParams } from 'contracts/responses';
import { describe, expect, it } from 'vitest';
import { formatDate, formatRubles, placeholdersOf, renderNotification } from './texts';

describe('notification texts', () => {
  it('use exactly the values each kind carries, in Russian and in English', () => {
    for (const kind of NOTIFICATION_KINDS) {
      const carried = Object.keys(notificationParams[kind].entries).sort();
      expect(placeholdersOf(kind, 'en').sort(), kind).toEqual(carried);
      expect(placeholdersOf(kind, 'ru').sort(), kind).toEqual(carried);
    }
  });

  it('format dates on Moscow time and rubles with the locale’s separators', () => {
    // 22:30 UTC is already the next day in Moscow.
    expect(formatDate('ru', '2026-03-01T22:30:00Z')).toBe('2 марта 2026 г.');
    expect(formatDate('en', '2026-03-01T22:30:00Z')).toBe('2 March 2026');
    expect(formatDate('en', 'not a date')).toBe('not a date');
    expect(formatRubles('ru', 250_000)).toBe('250\u00a0000 ₽');
    expect(formatRubles('en', 250_000)).toBe('250,000 ₽');
  });

  it('shows a city slug it cannot name as it is', () => {
    const { text } = renderNotification(
      'en',
      'raised_in_city',
      { profileName: 'Ann', city: 'atlantis', price: 100 },
      new Map(),
    );
    expect(text).toBe('Your profile “Ann” was raised to the top of the atlantis list. Charged: 100 ₽.');
  });
});

import { describe, expect, it } from 'vitest';
import { numberFormat } from './number-format';

describe('numberFormat', () => {
  it('formats as Intl does, in each language and with options', () => {
    expect(numberFormat('ru').format(12500)).toBe(new Intl.NumberFormat('ru').format(12500));
    expect(numberFormat('en').format(12500)).toBe('12,500');
    const dollars = { style: 'currency', currency: 'USD', maximumFractionDigits: 0 } as const;
    expect(numberFormat('en', dollars).format(30)).toBe('$30');
  });

  it('makes one format per language and options', () => {
    expect(numberFormat('ru')).toBe(numberFormat('ru'));
    expect(numberFormat('ru')).not.toBe(numberFormat('en'));
    expect(numberFormat('en', { maximumFractionDigits: 0 })).not.toBe(numberFormat('en'));
  });
});

import { describe, expect, it } from 'vitest';
import { depositBonus } from '../../../lib/promos';
import { initialAmount, parseAmount } from './top-up-amount';

describe('the top-up amount', () => {
  it('starts with the smallest chip, or what a purchase is short of raised to 500', () => {
    expect(initialAmount(undefined)).toBe(500);
    expect(initialAmount(0)).toBe(500);
    expect(initialAmount(120)).toBe(500);
    expect(initialAmount(730.2)).toBe(731);
    expect(initialAmount(250_000)).toBe(100_000);
  });

  it('reads typed text with thousands spaces, and nothing else', () => {
    expect(parseAmount('5 000')).toBe(5000);
    expect(parseAmount('12a')).toBeNull();
    expect(parseAmount('')).toBeNull();
  });

  it('computes the deposit bonus as the server credits it, down to the kopeck', () => {
    expect(depositBonus(500, 10)).toBe(50);
    expect(depositBonus(505, 10)).toBe(50.5);
    expect(depositBonus(999, 15)).toBe(149.85);
    expect(depositBonus(501, 33)).toBe(165.33);
  });
});

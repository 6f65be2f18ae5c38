import { describe, expect, it } from 'vitest';
import { isCommonPassword } from './index';

describe('isCommonPassword', () => {
  it('finds the most common passwords in any letter case, and not others', () => {
    expect(isCommonPassword('password')).toBe(true);
    expect(isCommonPassword('PassWord')).toBe(true);
    expect(isCommonPassword('qwerty123')).toBe(true);
    // Near the end of the 10,000.
    expect(isCommonPassword('24081990')).toBe(true);
    expect(isCommonPassword('lantern-7q')).toBe(false);
    expect(isCommonPassword('')).toBe(false);
  });
});

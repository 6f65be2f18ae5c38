import { describe, expect, it } from 'vitest';
import { notModified } from './conditional';

describe('a conditional request', () => {
  it('matches an ETag in a list, weak or strong on either side, or as *', () => {
    expect(notModified('"a"', '"a"')).toBe(true);
    expect(notModified('"other", W/"a"', '"a"')).toBe(true);
    expect(notModified('"a"', 'W/"a"')).toBe(true);
    expect(notModified(' W/"a" ', 'W/"a"')).toBe(true);
    expect(notModified(['"other"', 'W/"a"'], 'W/"a"')).toBe(true);
    expect(notModified('*', 'W/"a"')).toBe(true);
  });

  it('matches nothing else: another tag, a part of one, no header', () => {
    expect(notModified('"other"', '"a"')).toBe(false);
    expect(notModified('"a', '"a"')).toBe(false);
    expect(notModified('W/"ab"', 'W/"a"')).toBe(false);
    expect(notModified(', ,', '"a"')).toBe(false);
    expect(notModified(undefined, '"a"')).toBe(false);
    expect(notModified('', '"a"')).toBe(false);
  });
});

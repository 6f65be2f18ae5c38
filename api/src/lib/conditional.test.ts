import { describe, expect, it } from 'vitest';
import { httpDate, notModified, unmodifiedSince } from './conditional';

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

  const since = Date.parse('2026-11-28T10:00:00Z');
  const now = since + 60_000;

  it('matches a date no earlier than the content has been the same since, in each HTTP date form', () => {
    expect(httpDate(since + 999)).toBe('Sat, 28 Nov 2026 10:00:00 GMT');
    expect(unmodifiedSince({ 'if-modified-since': 'Sat, 28 Nov 2026 10:00:00 GMT' }, since, now)).toBe(true);
    expect(unmodifiedSince({ 'if-modified-since': 'Sat, 28 Nov 2026 10:00:30 GMT' }, since, now)).toBe(true);
    expect(unmodifiedSince({ 'if-modified-since': 'Saturday, 28-Nov-26 10:00:00 GMT' }, since, now)).toBe(
      true,
    );
    expect(unmodifiedSince({ 'if-modified-since': 'Sat Nov 28 10:00:00 2026' }, since, now)).toBe(true);
  });

  it('ignores a date that is earlier, later than now, not a date, or beside If-None-Match', () => {
    expect(unmodifiedSince({ 'if-modified-since': 'Sat, 28 Nov 2026 09:59:59 GMT' }, since, now)).toBe(false);
    expect(unmodifiedSince({ 'if-modified-since': 'Sat, 28 Nov 2026 10:05:00 GMT' }, since, now)).toBe(false);
    expect(unmodifiedSince({ 'if-modified-since': 'soon' }, since, now)).toBe(false);
    expect(unmodifiedSince({ 'if-modified-since': '' }, since, now)).toBe(false);
    expect(unmodifiedSince({}, since, now)).toBe(false);
    expect(
      unmodifiedSince(
        { 'if-modified-since': 'Sat, 28 Nov 2026 10:00:30 GMT', 'if-none-match': '"other"' },
        since,
        now,
      ),
    ).toBe(false);
  });
});

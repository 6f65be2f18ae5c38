import { describe, expect, it } from 'vitest';
import { adFormSchema as schema } from './ad';
import { errorsOf, outputOf } from './test-utils';

const valid = {
  format: 'banner',
  heading: 'Spa salon',
  description: 'Open every day',
  link: 'https://example.com/spa',
  buttonText: 'Book now',
  impressions: '1000',
};

const errorsWith = (patch: Record<string, unknown>) => errorsOf(schema, { ...valid, ...patch });

describe('adFormSchema', () => {
  it('accepts a complete ad and turns impressions into a number', () => {
    expect(outputOf(schema, valid)).toEqual({ ...valid, impressions: 1000 });
  });

  it('requires format, heading, description, link and button text', () => {
    expect(errorsOf(schema, { format: '', heading: ' ', description: '', link: '', buttonText: '' })).toEqual(
      {
        format: 'validation.adFormatRequired',
        heading: 'validation.headingRequired',
        description: 'validation.descriptionRequired',
        link: 'validation.linkRequired',
        buttonText: 'validation.buttonTextRequired',
      },
    );
  });

  it('accepts button text of 18 characters and rejects 19', () => {
    expect(errorsWith({ buttonText: 'b'.repeat(18) })).toEqual({});
    expect(errorsWith({ buttonText: 'b'.repeat(19) })).toEqual({
      buttonText: 'validation.buttonTextTooLong',
    });
  });

  it('accepts a heading of 100 characters and rejects 101', () => {
    expect(errorsWith({ heading: 'h'.repeat(100) })).toEqual({});
    expect(errorsWith({ heading: 'h'.repeat(101) })).toEqual({ heading: 'validation.headingTooLong' });
  });

  it('accepts http and https links only', () => {
    expect(errorsWith({ link: 'http://example.com' })).toEqual({});
    expect(errorsWith({ link: 'example.com' })).toEqual({ link: 'validation.invalidLink' });
    expect(errorsWith({ link: 'ftp://example.com' })).toEqual({ link: 'validation.invalidLink' });
    expect(errorsWith({ link: 'javascript:alert(1)' })).toEqual({ link: 'validation.invalidLink' });
  });

  it('accepts impressions "1" and "999999", rejects "1000000"', () => {
    expect(outputOf(schema, { ...valid, impressions: '1' }).impressions).toBe(1);
    expect(outputOf(schema, { ...valid, impressions: '999999' }).impressions).toBe(999_999);
    expect(errorsWith({ impressions: '1000000' })).toEqual({ impressions: 'validation.impressionsTooLong' });
  });

  it('rejects impressions starting with zero, such as "0123" and "0"', () => {
    expect(errorsWith({ impressions: '0123' })).toEqual({ impressions: 'validation.impressionsLeadingZero' });
    expect(errorsWith({ impressions: '0' })).toEqual({ impressions: 'validation.impressionsLeadingZero' });
  });

  it('rejects impressions with anything but digits', () => {
    expect(errorsWith({ impressions: '12a' })).toEqual({ impressions: 'validation.impressionsDigitsOnly' });
    expect(errorsWith({ impressions: '-5' })).toEqual({ impressions: 'validation.impressionsDigitsOnly' });
    expect(errorsWith({ impressions: 1.5 })).toEqual({ impressions: 'validation.impressionsDigitsOnly' });
  });

  it('leaves impressions optional and accepts them as a number', () => {
    expect(outputOf(schema, { ...valid, impressions: '' }).impressions).toBeNull();
    const { impressions: _impressions, ...withoutImpressions } = valid;
    expect(outputOf(schema, withoutImpressions).impressions).toBeNull();
    expect(outputOf(schema, { ...valid, impressions: 500 }).impressions).toBe(500);
  });
});

import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { validate } from '../validate';
import {
  AD_MAX_DAYS,
  AD_MIN_DAYS,
  adDayOf,
  addDays,
  adsQuerySchema,
  campaignCalendarQuerySchema,
  campaignDraftSchema,
  campaignListQuerySchema,
  campaignQuoteQuerySchema,
  campaignStatsQuerySchema,
  campaignSubmitSchema,
  daysBetween,
  impressionBodySchema,
  isAdDay,
} from './campaigns';

// 2030-05-10 09:00 in Moscow (06:00 UTC).
const NOW = new Date('2030-05-10T06:00:00Z');
const TODAY = '2030-05-10';

const complete = {
  format: 'banner',
  heading: 'City taxi',
  description: 'Rides around the clock',
  link: 'https://example.com/taxi',
  buttonText: 'Order a ride',
  placement: 'main',
  pricing: 'days',
  startsOn: TODAY,
  endsOn: addDays(TODAY, AD_MIN_DAYS - 1),
};
const errorsWith = (patch: Record<string, unknown>) => {
  const result = validate(campaignSubmitSchema, { ...complete, ...patch });
  return result.ok ? {} : result.fields;
};

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => vi.useRealTimers());

describe('ad days', () => {
  it('reads today in Moscow time', () => {
    expect(adDayOf(new Date('2030-05-10T20:59:00Z'))).toBe('2030-05-10');
    expect(adDayOf(new Date('2030-05-10T21:00:00Z'))).toBe('2030-05-11');
  });

  it('counts days with both ends included and moves across months', () => {
    expect(daysBetween('2030-05-10', '2030-05-12')).toBe(3);
    expect(addDays('2030-05-31', 1)).toBe('2030-06-01');
    expect(addDays('2030-03-01', -1)).toBe('2030-02-28');
  });

  it('accepts real calendar days only', () => {
    expect(isAdDay('2030-02-28')).toBe(true);
    expect(isAdDay('2030-02-30')).toBe(false);
    expect(isAdDay('2030-2-3')).toBe(false);
    expect(isAdDay('1999-01-01')).toBe(false);
  });
});

describe('campaignDraftSchema', () => {
  it('accepts any subset of the fields and normalises them', () => {
    const result = validate(campaignDraftSchema, {
      heading: '  Flowers ',
      impressions: '5000',
      cities: ['moscow'],
    });
    expect(result).toEqual({
      ok: true,
      value: { heading: 'Flowers', impressions: 5000, cities: ['moscow'] },
    });
  });

  it('leaves out blank fields', () => {
    expect(validate(campaignDraftSchema, { heading: '', cities: [], impressions: '' })).toEqual({
      ok: true,
      value: {},
    });
  });

  it('refuses a filled field that breaks its rule', () => {
    const result = validate(campaignDraftSchema, {
      link: 'javascript:alert(1)',
      buttonText: 'b'.repeat(19),
      impressions: '0123',
      placement: 'sidebar',
      startsOn: '2030-02-30',
      cities: ['Moscow!'],
      format: 'video',
    });
    expect(result).toEqual({
      ok: false,
      fields: {
        link: 'validation.invalidLink',
        buttonText: 'validation.buttonTextTooLong',
        impressions: 'validation.impressionsLeadingZero',
        placement: 'validation.placementRequired',
        startsOn: 'validation.invalidAdDate',
        'cities.0': 'validation.invalidCity',
        format: 'validation.adFormatRequired',
      },
    });
  });

  it('refuses a body that is not an object, and a list', () => {
    expect(v.safeParse(campaignDraftSchema, 'text').success).toBe(false);
    expect(v.safeParse(campaignDraftSchema, []).success).toBe(false);
  });
});

describe('campaignSubmitSchema', () => {
  it('accepts a complete campaign starting today and lasting the minimum days', () => {
    expect(errorsWith({})).toEqual({});
  });

  it('refuses a start in the past', () => {
    expect(errorsWith({ startsOn: addDays(TODAY, -1) })).toEqual({ startsOn: 'validation.startsInPast' });
  });

  it(`needs at least ${AD_MIN_DAYS} days and at most ${AD_MAX_DAYS}`, () => {
    expect(errorsWith({ endsOn: addDays(TODAY, AD_MIN_DAYS - 2) })).toEqual({
      endsOn: 'validation.adTooShort',
    });
    expect(errorsWith({ endsOn: addDays(TODAY, -1) })).toEqual({ endsOn: 'validation.adTooShort' });
    expect(errorsWith({ endsOn: addDays(TODAY, AD_MAX_DAYS - 1) })).toEqual({});
    expect(errorsWith({ endsOn: addDays(TODAY, AD_MAX_DAYS) })).toEqual({ endsOn: 'validation.adTooLong' });
  });

  it('refuses a start more than a year ahead', () => {
    const startsOn = addDays(TODAY, 366);
    expect(errorsWith({ startsOn, endsOn: addDays(startsOn, 5) })).toEqual({
      startsOn: 'validation.startsTooFar',
    });
  });

  it('needs cities for a city placement only', () => {
    expect(errorsWith({ placement: 'cities' })).toEqual({ cities: 'validation.citiesRequired' });
    expect(errorsWith({ placement: 'cities', cities: [] })).toEqual({ cities: 'validation.citiesRequired' });
    expect(errorsWith({ placement: 'cities', cities: ['moscow', 'kazan'] })).toEqual({});
    expect(errorsWith({ placement: 'everywhere' })).toEqual({});
  });

  it('refuses the same city twice', () => {
    expect(errorsWith({ placement: 'cities', cities: ['kazan', 'kazan'] })).toEqual({
      cities: 'validation.invalidCity',
    });
  });

  it('needs impressions for per-impression pricing only', () => {
    expect(errorsWith({ pricing: 'impressions' })).toEqual({ impressions: 'validation.impressionsRequired' });
    expect(errorsWith({ pricing: 'impressions', impressions: '5000' })).toEqual({});
  });

  it('reports every problem at once', () => {
    expect(errorsWith({ heading: '', placement: 'cities', startsOn: addDays(TODAY, -2) })).toEqual({
      heading: 'validation.headingRequired',
      cities: 'validation.citiesRequired',
      startsOn: 'validation.startsInPast',
    });
  });

  it('requires placement, pricing and both days', () => {
    const result = validate(campaignSubmitSchema, {
      ...complete,
      placement: undefined,
      pricing: undefined,
      startsOn: '',
      endsOn: undefined,
    });
    expect(result).toEqual({
      ok: false,
      fields: {
        placement: 'validation.placementRequired',
        pricing: 'validation.pricingRequired',
        startsOn: 'validation.startsOnRequired',
        endsOn: 'validation.endsOnRequired',
      },
    });
  });
});

describe('query schemas', () => {
  it('reads a quote query with a comma list of cities', () => {
    const result = validate(campaignQuoteQuerySchema, {
      placement: 'cities',
      cities: 'moscow,kazan',
      pricing: 'impressions',
      impressions: '2000',
      startsOn: TODAY,
      endsOn: addDays(TODAY, 4),
    });
    expect(result.ok && result.value).toMatchObject({ cities: ['moscow', 'kazan'], impressions: 2000 });
  });

  it('applies the campaign rules to a quote', () => {
    const result = validate(campaignQuoteQuerySchema, {
      placement: 'cities',
      pricing: 'impressions',
      startsOn: TODAY,
      endsOn: TODAY,
    });
    expect(result).toEqual({
      ok: false,
      fields: {
        cities: 'validation.citiesRequired',
        impressions: 'validation.impressionsRequired',
        endsOn: 'validation.adTooShort',
      },
    });
  });

  it('reads a calendar month and needs cities for a city placement', () => {
    expect(validate(campaignCalendarQuerySchema, { placement: 'main', month: '2030-05' }).ok).toBe(true);
    expect(validate(campaignCalendarQuerySchema, { placement: 'main', month: '2030-13' })).toEqual({
      ok: false,
      fields: { month: 'validation.invalidMonth' },
    });
    expect(validate(campaignCalendarQuerySchema, { placement: 'cities', month: '2030-05' })).toEqual({
      ok: false,
      fields: { cities: 'validation.citiesRequired' },
    });
  });

  it('defaults the list to the published tab, page 1, and refuses an unknown tab', () => {
    expect(validate(campaignListQuerySchema, {})).toEqual({ ok: true, value: { tab: 'published', page: 1 } });
    expect(validate(campaignListQuerySchema, { tab: 'archived' })).toEqual({
      ok: false,
      fields: { tab: 'validation.invalidTab' },
    });
  });

  it('takes 1 to 90 days of stats', () => {
    expect(validate(campaignStatsQuerySchema, {})).toEqual({ ok: true, value: { days: 30 } });
    expect(validate(campaignStatsQuerySchema, { days: '91' }).ok).toBe(false);
  });

  it('needs a city for a city page of ads', () => {
    expect(validate(adsQuerySchema, { place: 'main' }).ok).toBe(true);
    expect(validate(adsQuerySchema, { place: 'city' })).toEqual({
      ok: false,
      fields: { city: 'validation.invalidCity' },
    });
    expect(validate(adsQuerySchema, { place: 'city', city: 'kazan' }).ok).toBe(true);
  });

  it('takes a token of safe characters only', () => {
    expect(validate(impressionBodySchema, { token: 'abc.DEF_-1' }).ok).toBe(true);
    expect(validate(impressionBodySchema, { token: '' }).ok).toBe(false);
    expect(validate(impressionBodySchema, { token: 'a b' }).ok).toBe(false);
    expect(validate(impressionBodySchema, { token: 'a'.repeat(300) }).ok).toBe(false);
    expect(validate(impressionBodySchema, null).ok).toBe(false);
  });
});

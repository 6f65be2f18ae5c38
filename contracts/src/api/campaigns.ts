import * as v from 'valibot';
import type * as responses from '../responses';
import { pageNumberString, positiveIntString } from '../common';
import {
  AD_PLACEMENTS,
  AD_PRICINGS,
  type AdPlacement,
  type AdPricing,
  type CampaignAction,
  type CampaignStatus,
} from '../enums';
import { adFormSchema } from '../validation/ad';
import { isBlankValue } from './profiles';
import { addDays, adDayOf, daysBetween, isAdDay } from './ad-days';

/** The tabs of the ads list (PRODUCT_SPEC.md section 4): `saved` holds drafts and rejected ones. */
export const CAMPAIGN_TABS = ['published', 'completed', 'saved', 'moderation'] as const;
export type CampaignTab = (typeof CAMPAIGN_TABS)[number];
export const CAMPAIGN_TAB_STATUSES: Readonly<Record<CampaignTab, readonly CampaignStatus[]>> = {
  published: ['published'],
  completed: ['completed'],
  saved: ['draft', 'rejected'],
  moderation: ['moderation'],
};

/** What an advertiser may do with a campaign in each status. */
export const CAMPAIGN_TRANSITIONS: Readonly<Record<CampaignStatus, readonly CampaignAction[]>> = {
  draft: ['edit', 'submit', 'repeat', 'delete'],
  rejected: ['edit', 'submit', 'repeat', 'delete'],
  moderation: ['repeat', 'delete'],
  // A published ad's changed content is sent again (no second charge) and waits for moderation.
  published: ['edit', 'submit', 'repeat', 'delete'],
  completed: ['repeat', 'delete'],
};

/** Shortest campaign, in days (both ends included). */
export const AD_MIN_DAYS = 3;
/** Longest campaign one payment books, in days. */
export const AD_MAX_DAYS = 90;
/** How far ahead a campaign may start, in days from today. */
export const AD_MAX_START_AHEAD_DAYS = 365;
/** Cities one campaign may be pinned in. */
export const AD_MAX_CITIES = 20;
/** Ads booked on one page (placement) per day, unless AD_SLOTS_PER_DAY says otherwise. */
export const AD_SLOTS_PER_DAY_DEFAULT = 3;
/** Ads one page shows at most. */
export const ADS_PER_PAGE_MAX = 3;
export const CAMPAIGNS_PAGE_SIZE = 10;
/** Longest period of the stats chart, in days. */
export const CAMPAIGN_STATS_MAX_DAYS = 90;
/** Maximum length of a serving token (it names a campaign, a visitor and an expiry, signed). */
export const AD_TOKEN_MAX_LENGTH = 256;

export { AD_TIME_ZONE, addDays, adDayOf, daysBetween, isAdDay } from './ad-days';

const slugSchema = v.pipe(
  v.string('validation.invalidCity'),
  v.regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'validation.invalidCity'),
);
const citiesSchema = v.pipe(
  v.array(slugSchema, 'validation.invalidCity'),
  v.maxLength(AD_MAX_CITIES, 'validation.tooManyCities'),
  v.check((slugs) => new Set(slugs).size === slugs.length, 'validation.invalidCity'),
);
const daySchema = (requiredKey: string) =>
  v.pipe(
    v.string(requiredKey),
    v.trim(),
    v.nonEmpty(requiredKey),
    v.check(isAdDay, 'validation.invalidAdDate'),
  );
const placementSchema = v.picklist(AD_PLACEMENTS, 'validation.placementRequired');
const pricingSchema = v.picklist(AD_PRICINGS, 'validation.pricingRequired');

/** Every field of a campaign's form: the ad itself (section 5) plus where, how paid and when. */
const CAMPAIGN_FIELDS = {
  ...adFormSchema.entries,
  placement: placementSchema,
  cities: citiesSchema,
  pricing: pricingSchema,
  startsOn: daySchema('validation.startsOnRequired'),
  endsOn: daySchema('validation.endsOnRequired'),
};
type CampaignFieldKey = keyof typeof CAMPAIGN_FIELDS;
export const CAMPAIGN_FIELD_KEYS = Object.keys(CAMPAIGN_FIELDS) as CampaignFieldKey[];

/** What a draft holds: the fields filled in so far, normalised. */
export interface CampaignDraft {
  format?: string;
  heading?: string;
  description?: string;
  link?: string;
  buttonText?: string;
  impressions?: number | null;
  placement?: AdPlacement;
  cities?: string[];
  pricing?: AdPricing;
  startsOn?: string;
  endsOn?: string;
}

/**
 * Body of POST /api/campaigns and PUT /api/campaigns/{id}: any subset of the form's fields. A field
 * not filled in yet is fine; a filled one must pass its rule (the same messages as the whole form).
 * The rules between fields (dates, cities for a city placement, impressions for per-impression
 * pricing) are checked when the campaign is quoted or sent: see `campaignSubmitSchema`.
 */
export const campaignDraftSchema = v.pipe(
  v.intersect(
    [
      v.looseObject(
        Object.fromEntries(CAMPAIGN_FIELD_KEYS.map((key) => [key, v.optional(v.unknown())])) as Record<
          CampaignFieldKey,
          v.OptionalSchema<v.UnknownSchema, undefined>
        >,
        'validation.required',
      ),
      v.custom<Record<string, unknown>>((input) => !Array.isArray(input), 'validation.required'),
    ],
    'validation.required',
  ),
  v.rawTransform(({ dataset, addIssue }) => {
    const input = dataset.value as Record<string, unknown>;
    const draft: Record<string, unknown> = {};
    for (const key of CAMPAIGN_FIELD_KEYS) {
      const value = input[key];
      if (isBlankValue(value)) continue;
      const result = v.safeParse(CAMPAIGN_FIELDS[key] as v.GenericSchema, value);
      if (result.success) {
        if (result.output !== null) draft[key] = result.output;
        continue;
      }
      for (const issue of result.issues) {
        addIssue({
          message: issue.message,
          path: [
            { type: 'object', origin: 'value', input, key, value },
            ...(issue.path ?? []),
          ] as unknown as [v.IssuePathItem, ...v.IssuePathItem[]],
        });
      }
    }
    return draft as CampaignDraft;
  }),
);

/** The rules between the fields of a campaign's placement, pricing and dates. */
// Optional here, though every schema gives them a default: a project compiled without `strict`
// (the build tools') reads valibot's defaulted fields as optional, and must still accept these.
interface Schedule {
  placement: AdPlacement;
  cities?: readonly string[];
  pricing: AdPricing;
  impressions?: number | null;
  startsOn: string;
  endsOn: string;
}

/**
 * One rule between fields, reported at `field` with `message`. It runs once the fields it reads
 * passed their own rules, so every problem of a form shows at once.
 */
function crossRule<T extends Schedule>(
  reads: readonly (keyof Schedule)[],
  field: keyof Schedule,
  holds: (input: Schedule) => boolean,
  message: string,
) {
  const check = v.rawCheck<T>(({ dataset, addIssue }) => {
    const failed = new Set((dataset.issues ?? []).map((issue) => String(issue.path?.[0]?.key)));
    if (reads.some((key) => failed.has(key))) return;
    const input = dataset.value as Schedule;
    if (reads.some((key) => input[key] === undefined) || holds(input)) return;
    addIssue({
      message,
      path: [
        {
          type: 'object',
          origin: 'value',
          input: dataset.value as Record<string, unknown>,
          key: field,
          value: input[field],
        },
      ],
    });
  });
  // The message this rule reports, where the locale test (and a reader) finds it.
  return Object.assign(check, { message });
}

/**
 * The rules between the fields of a whole campaign, against today in the ads' time zone (read
 * when the input is checked): cities for a city placement, impressions for per-impression pricing,
 * a start neither in the past nor past AD_MAX_START_AHEAD_DAYS, AD_MIN_DAYS to AD_MAX_DAYS long.
 */
const scheduleRules = <T extends Schedule>() =>
  [
    crossRule<T>(
      ['placement'],
      'cities',
      (input) => input.placement !== 'cities' || (input.cities ?? []).length > 0,
      'validation.citiesRequired',
    ),
    crossRule<T>(
      ['pricing'],
      'impressions',
      (input) => input.pricing !== 'impressions' || (input.impressions ?? 0) > 0,
      'validation.impressionsRequired',
    ),
    crossRule<T>(
      ['startsOn'],
      'startsOn',
      (input) => input.startsOn >= adDayOf(new Date()),
      'validation.startsInPast',
    ),
    crossRule<T>(
      ['startsOn'],
      'startsOn',
      (input) =>
        input.startsOn < adDayOf(new Date()) ||
        input.startsOn <= addDays(adDayOf(new Date()), AD_MAX_START_AHEAD_DAYS),
      'validation.startsTooFar',
    ),
    crossRule<T>(
      ['startsOn', 'endsOn'],
      'endsOn',
      (input) => daysBetween(input.startsOn, input.endsOn) >= AD_MIN_DAYS,
      'validation.adTooShort',
    ),
    crossRule<T>(
      ['startsOn', 'endsOn'],
      'endsOn',
      (input) =>
        daysBetween(input.startsOn, input.endsOn) < AD_MIN_DAYS ||
        daysBetween(input.startsOn, input.endsOn) <= AD_MAX_DAYS,
      'validation.adTooLong',
    ),
  ] as const;

/** A whole campaign, as it is sent for moderation: every field of the form and the rules between them. */
const campaignSubmitObject = v.object(
  {
    ...adFormSchema.entries,
    placement: placementSchema,
    cities: v.optional(citiesSchema, []),
    pricing: pricingSchema,
    startsOn: daySchema('validation.startsOnRequired'),
    endsOn: daySchema('validation.endsOnRequired'),
  },
  'validation.required',
);
type CampaignSubmitOutput = v.InferOutput<typeof campaignSubmitObject>;
export const campaignSubmitSchema = v.pipe(campaignSubmitObject, ...scheduleRules<CampaignSubmitOutput>());
export type CampaignSubmitInput = v.InferOutput<typeof campaignSubmitSchema>;

/** `a,b,c` in a query, as a list (blank: none). */
const commaList = v.pipe(
  v.string('validation.invalidCity'),
  v.maxLength(AD_MAX_CITIES * 65, 'validation.tooManyCities'),
  v.transform((text) => (text.trim() === '' ? [] : text.split(',').map((slug) => slug.trim()))),
  citiesSchema,
);

/** Query of GET /api/campaigns/quote: what a campaign with these settings would cost. */
const quoteObject = v.object(
  {
    placement: placementSchema,
    cities: v.optional(commaList, ''),
    pricing: pricingSchema,
    startsOn: daySchema('validation.startsOnRequired'),
    endsOn: daySchema('validation.endsOnRequired'),
    impressions: adFormSchema.entries.impressions,
  },
  'validation.invalidQuery',
);
type QuoteOutput = v.InferOutput<typeof quoteObject>;
export const campaignQuoteQuerySchema = v.pipe(quoteObject, ...scheduleRules<QuoteOutput>());
export type CampaignQuoteQuery = v.InferOutput<typeof campaignQuoteQuerySchema>;

/** Query of GET /api/campaigns/calendar: free slots of a placement for each day of a month. */
export const campaignCalendarQuerySchema = v.pipe(
  v.object(
    {
      placement: placementSchema,
      cities: v.optional(commaList, ''),
      month: v.pipe(
        v.string('validation.invalidMonth'),
        v.regex(/^(2\d{3})-(0[1-9]|1[0-2])$/, 'validation.invalidMonth'),
      ),
    },
    'validation.invalidQuery',
  ),
  v.forward(
    v.partialCheck(
      [['placement'], ['cities']],
      (input) => input.placement !== 'cities' || (input.cities ?? []).length > 0,
      'validation.citiesRequired',
    ),
    ['cities'],
  ),
);
export type CampaignCalendarQuery = v.InferOutput<typeof campaignCalendarQuerySchema>;

/** Query of GET /api/campaigns: one tab of the ads list, a page of it. */
export const campaignListQuerySchema = v.object(
  {
    tab: v.optional(v.picklist(CAMPAIGN_TABS, 'validation.invalidTab'), 'published'),
    page: v.optional(pageNumberString, '1'),
  },
  'validation.invalidQuery',
);
export type CampaignListQuery = v.InferOutput<typeof campaignListQuerySchema>;

/** Query of the stats calls: the last `days` days, today included (default 30). */
export const campaignStatsQuerySchema = v.object(
  {
    days: v.optional(
      v.pipe(
        positiveIntString('validation.invalidDays'),
        v.maxValue(CAMPAIGN_STATS_MAX_DAYS, 'validation.invalidDays'),
      ),
      '30',
    ),
  },
  'validation.invalidQuery',
);
export type CampaignStatsQuery = v.InferOutput<typeof campaignStatsQuerySchema>;

/** Query of GET /api/ads: the main page's ads, or one city's listing's. */
export const adsQuerySchema = v.pipe(
  v.object(
    {
      place: v.picklist(['main', 'city'], 'validation.invalidAdPlace'),
      city: v.optional(slugSchema),
    },
    'validation.invalidQuery',
  ),
  v.forward(
    v.partialCheck(
      [['place'], ['city']],
      (input) => input.place !== 'city' || !!input.city,
      'validation.invalidCity',
    ),
    ['city'],
  ),
);
export type AdsQuery = v.InferOutput<typeof adsQuerySchema>;

const tokenSchema = v.pipe(
  v.string('validation.invalidToken'),
  v.minLength(1, 'validation.invalidToken'),
  v.maxLength(AD_TOKEN_MAX_LENGTH, 'validation.invalidToken'),
  v.regex(/^[A-Za-z0-9_.-]+$/, 'validation.invalidToken'),
);

/** Body of POST /api/ads/impressions: the token of the slot that was seen. */
export const impressionBodySchema = v.object({ token: tokenSchema }, 'validation.invalidToken');
export type ImpressionBody = v.InferOutput<typeof impressionBodySchema>;

/** Params of GET /api/ads/click/{token}. */
export const adClickParamsSchema = v.object({ token: tokenSchema }, 'validation.invalidToken');
export type AdClickParams = v.InferOutput<typeof adClickParamsSchema>;

export type Campaign = v.InferOutput<typeof responses.campaign>;
export type CampaignList = v.InferOutput<typeof responses.campaignList>;
export type CampaignQuote = v.InferOutput<typeof responses.campaignQuote>;
export type CampaignCalendar = v.InferOutput<typeof responses.campaignCalendar>;
export type CampaignStats = v.InferOutput<typeof responses.campaignStats>;
export type CampaignWithBalance = v.InferOutput<typeof responses.campaignWithBalance>;
export type ServedAd = v.InferOutput<typeof responses.servedAd>;
export type ServedAds = v.InferOutput<typeof responses.servedAds>;
export type AdminCampaign = v.InferOutput<typeof responses.adminCampaign>;
export type AdminCampaignQueue = v.InferOutput<typeof responses.adminCampaignQueue>;

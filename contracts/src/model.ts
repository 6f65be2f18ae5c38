import * as v from 'valibot';
import { pageNumberString, positiveIntString } from './common';
import type * as responses from './responses';
import { APPEARANCES, CATEGORIES, PLACES, type Appearance } from './enums';
import { PROFILE_BOUNDS } from './constants';

export const citySlugSchema = v.pipe(
  v.string('validation.invalidCity'),
  v.regex(/^[a-z0-9-]{2,40}$/, 'validation.invalidCity'),
);

/** A whole number in a query string ("0", "25"), within the profile form's bounds. */
const boundedIntString = (min: number, max: number, minMessage: string, maxMessage: string) =>
  v.pipe(
    v.string('validation.wholeNumber'),
    v.regex(/^(0|[1-9]\d{0,8})$/, 'validation.wholeNumber'),
    v.transform(Number),
    v.minValue(min, minMessage),
    v.maxValue(max, maxMessage),
  );

/** A comma-separated list of distinct values, e.g. `appearance=ASIAN,SLAVIC`. */
const csvOf = <T extends string>(allowed: (value: string) => value is T, max: number, message: string) =>
  v.pipe(
    v.string(message),
    v.transform((raw) => raw.split(',')),
    v.check((items) => items.length <= max && new Set(items).size === items.length, message),
    v.check((items): boolean => items.every(allowed), message),
    v.transform((items) => items as T[]),
  );

const isAppearance = (value: string): value is Appearance =>
  (APPEARANCES as readonly string[]).includes(value);

/** A service as `category.code`, the pair that is unique in the catalogue. */
export const SERVICE_KEY_PATTERN = /^(sex|massage|extreme|bdsm|strip|other)\.[a-z0-9-]{2,40}$/;
const isServiceKey = (value: string): value is string => SERVICE_KEY_PATTERN.test(value);
/** At most this many services in one listing filter. */
export const LISTING_MAX_SERVICES = 20;

const { age, height, weight, boobs, price } = PROFILE_BOUNDS;

/** Inclusive range filters of the listing: query field prefix -> bounds and messages. */
export const LISTING_RANGES = {
  age: { min: age.min, max: age.max, minMessage: 'validation.ageMin', maxMessage: 'validation.ageMax' },
  price: {
    min: 0,
    max: price.hourMax,
    minMessage: 'validation.priceMin',
    maxMessage: 'validation.priceHourMax',
  },
  height: {
    min: height.min,
    max: height.max,
    minMessage: 'validation.heightMin',
    maxMessage: 'validation.heightMax',
  },
  weight: {
    min: weight.min,
    max: weight.max,
    minMessage: 'validation.weightMin',
    maxMessage: 'validation.weightMax',
  },
  boobs: {
    min: boobs.min,
    max: boobs.max,
    minMessage: 'validation.boobsMin',
    maxMessage: 'validation.boobsMax',
  },
} as const;
export type ListingRange = keyof typeof LISTING_RANGES;
export const LISTING_RANGE_KEYS = Object.keys(LISTING_RANGES) as ListingRange[];

const range = (key: ListingRange) => {
  const bounds = LISTING_RANGES[key];
  return v.optional(boundedIntString(bounds.min, bounds.max, bounds.minMessage, bounds.maxMessage));
};

const orderedRange = (key: ListingRange) =>
  v.forward(
    v.partialCheck<
      ModelListQueryFields,
      [[`${typeof key}Min`], [`${typeof key}Max`]],
      ModelListQueryFields,
      string
    >(
      [[`${key}Min`], [`${key}Max`]],
      (input) => {
        const min = input[`${key}Min`];
        const max = input[`${key}Max`];
        return min === undefined || max === undefined || min <= max;
      },
      'validation.invalidRange',
    ),
    [`${key}Max`],
  );

const modelListQueryObject = v.object(
  {
    category: v.optional(v.picklist(CATEGORIES, 'validation.invalidCategory')),
    city: v.optional(citySlugSchema),
    metro: v.optional(
      v.pipe(
        positiveIntString('validation.invalidMetro'),
        v.maxValue(PROFILE_BOUNDS.metroId.max, 'validation.invalidMetro'),
      ),
    ),
    online: v.optional(v.picklist(['true', 'false'], 'validation.invalidFlag')),
    video: v.optional(v.picklist(['true', 'false'], 'validation.invalidFlag')),
    place: v.optional(v.picklist(PLACES, 'validation.invalidPlace')),
    appearance: v.optional(csvOf(isAppearance, APPEARANCES.length, 'validation.invalidAppearance')),
    services: v.optional(csvOf(isServiceKey, LISTING_MAX_SERVICES, 'validation.invalidService')),
    ageMin: range('age'),
    ageMax: range('age'),
    priceMin: range('price'),
    priceMax: range('price'),
    heightMin: range('height'),
    heightMax: range('height'),
    weightMin: range('weight'),
    weightMax: range('weight'),
    boobsMin: range('boobs'),
    boobsMax: range('boobs'),
    page: v.optional(pageNumberString),
  },
  'validation.invalidQuery',
);
type ModelListQueryFields = v.InferOutput<typeof modelListQueryObject>;

/** Every parameter of the listing's query, as the schema below reads them. */
export const MODEL_LIST_QUERY_KEYS = Object.keys(
  modelListQueryObject.entries,
) as readonly (keyof ModelListQueryFields)[];

/**
 * Query of GET /api/model. Every field is optional; unknown fields are ignored. Lists are
 * comma-separated; ranges are inclusive and a lower bound above the upper one is refused.
 */
export const modelListQuerySchema = v.pipe(
  modelListQueryObject,
  orderedRange('age'),
  orderedRange('price'),
  orderedRange('height'),
  orderedRange('weight'),
  orderedRange('boobs'),
);
export type ModelListQueryInput = v.InferInput<typeof modelListQuerySchema>;
export type ModelListQuery = v.InferOutput<typeof modelListQuerySchema>;

export type CityRef = v.InferOutput<typeof responses.cityRef>;
export type MetroRef = v.InferOutput<typeof responses.metroRef>;
export type MediaImage = v.InferOutput<typeof responses.mediaImage>;
/** One card of the listing. */
export type ModelCard = v.InferOutput<typeof responses.modelCard>;
export type ModelListResponse = v.InferOutput<typeof responses.modelList>;
export type ModelService = v.InferOutput<typeof responses.modelService>;
export type ModelContacts = v.InferOutput<typeof responses.modelContacts>;
/** GET /api/model/{id}. */
export type ModelDetails = v.InferOutput<typeof responses.modelDetails>;

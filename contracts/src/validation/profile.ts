import * as v from 'valibot';
import { DESCRIPTION_MAX_LENGTH, PROFILE_BOUNDS } from '../constants';
import { APPEARANCES, CATEGORIES, PLACES, SERVICE_CATEGORY_KEYS } from '../enums';
import { citySlugSchema } from '../model';
import { contactsSchema } from './contacts';
import { optionalTextField, optionalWholeNumberField, wholeNumberField } from './form-fields';

const { nameLength, price } = PROFILE_BOUNDS;

const nameSchema = v.pipe(
  v.string('validation.nameRequired'),
  v.trim(),
  v.nonEmpty('validation.nameRequired'),
  v.minLength(nameLength.min, 'validation.nameTooShort'),
  v.maxLength(nameLength.max, 'validation.nameTooLong'),
);

const citySchema = v.pipe(
  v.string('validation.cityRequired'),
  v.trim(),
  v.nonEmpty('validation.cityRequired'),
  citySlugSchema,
);

const serviceSchema = v.object(
  {
    category: v.picklist(SERVICE_CATEGORY_KEYS, 'validation.invalidService'),
    code: v.pipe(
      v.string('validation.invalidService'),
      v.regex(/^[a-z0-9_-]{1,64}$/i, 'validation.invalidService'),
    ),
    description: v.pipe(
      optionalTextField('validation.serviceDescriptionTooLong'),
      v.nullable(
        v.pipe(
          v.string('validation.serviceDescriptionTooLong'),
          v.maxLength(PROFILE_BOUNDS.serviceDescriptionMax, 'validation.serviceDescriptionTooLong'),
        ),
      ),
    ),
  },
  'validation.invalidService',
);

const pricesSchema = v.object(
  {
    hour: wholeNumberField(
      { min: price.min, max: price.hourMax },
      { missing: 'validation.priceHourRequired', min: 'validation.priceMin', max: 'validation.priceHourMax' },
    ),
    twoHours: optionalWholeNumberField(
      { min: price.min, max: price.twoHoursMax },
      { min: 'validation.priceMin', max: 'validation.priceTwoHoursMax' },
    ),
    night: optionalWholeNumberField(
      { min: price.min, max: price.nightMax },
      { min: 'validation.priceMin', max: 'validation.priceNightMax' },
    ),
  },
  'validation.priceHourRequired',
);

/**
 * The model profile form, as the cabinet submits it and as the API receives it in a JSON body.
 * Numbers may arrive as numbers or as the text of an input; blank optional fields become null.
 * A key left out entirely fails with `validation.required` on that key.
 */
export const modelProfileInputSchema = v.object(
  {
    name: nameSchema,
    category: v.picklist(CATEGORIES, 'validation.categoryRequired'),
    city: citySchema,
    metro: optionalWholeNumberField(PROFILE_BOUNDS.metroId, {
      min: 'validation.invalidMetro',
      max: 'validation.invalidMetro',
    }),
    places: v.pipe(
      v.array(v.picklist(PLACES, 'validation.placeRequired'), 'validation.placeRequired'),
      v.minLength(1, 'validation.placeRequired'),
      v.transform((places) => [...new Set(places)]),
    ),
    services: v.pipe(
      v.array(serviceSchema, 'validation.servicesRequired'),
      v.minLength(1, 'validation.servicesRequired'),
    ),
    prices: pricesSchema,
    age: wholeNumberField(PROFILE_BOUNDS.age, {
      missing: 'validation.ageRequired',
      min: 'validation.ageMin',
      max: 'validation.ageMax',
    }),
    // Height, weight, bust and appearance are not required (PRODUCT_SPEC.md section 5 gives them
    // ranges only): blank or left out is null, never 0, and a value given must be in its range.
    height: optionalWholeNumberField(PROFILE_BOUNDS.height, {
      min: 'validation.heightMin',
      max: 'validation.heightMax',
    }),
    weight: optionalWholeNumberField(PROFILE_BOUNDS.weight, {
      min: 'validation.weightMin',
      max: 'validation.weightMax',
    }),
    boobs: optionalWholeNumberField(PROFILE_BOUNDS.boobs, {
      min: 'validation.boobsMin',
      max: 'validation.boobsMax',
    }),
    appearance: v.pipe(
      optionalTextField('validation.invalidAppearance'),
      v.nullable(v.picklist(APPEARANCES, 'validation.invalidAppearance')),
    ),
    contacts: contactsSchema,
    description: v.pipe(
      optionalTextField('validation.descriptionTooLong'),
      v.transform((description) => description ?? ''),
      v.maxLength(DESCRIPTION_MAX_LENGTH, 'validation.descriptionTooLong'),
    ),
  },
  'validation.required',
);
/** What the form holds: numbers as numbers or text, optional fields possibly blank. */
export type ModelProfileFormValues = v.InferInput<typeof modelProfileInputSchema>;
/** What the API stores: numbers, trimmed texts, null for absent optional values. */
export type ModelProfileInput = v.InferOutput<typeof modelProfileInputSchema>;

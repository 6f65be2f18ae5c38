import { AD_PLACEMENTS, adFormSchema } from 'contracts';
import { AD_MAX_CITIES } from 'contracts/campaigns';
import * as v from 'valibot';

export const PLACEMENTS = AD_PLACEMENTS;

/**
 * The create step's fields: the ad's texts with the spec's rules from contracts (section 5), and
 * where it is shown; a city placement needs at least one city.
 */
export const adFieldsSchema = v.pipe(
  v.object({
    ...v.pick(adFormSchema, ['format', 'heading', 'description', 'link', 'buttonText']).entries,
    placement: v.picklist(PLACEMENTS, 'validation.placementRequired'),
    cities: v.pipe(v.array(v.string()), v.maxLength(AD_MAX_CITIES, 'validation.tooManyCities')),
  }),
  v.forward(
    v.check((input) => input.placement !== 'cities' || input.cities.length > 0, 'validation.citiesRequired'),
    ['cities'],
  ),
);

export type AdFieldsInput = v.InferInput<typeof adFieldsSchema>;
export type AdFields = v.InferOutput<typeof adFieldsSchema>;

/** The impressions rule alone (digits, at most 6, no leading zero), from the same contracts schema. */
export const impressionsSchema = v.pick(adFormSchema, ['impressions']);

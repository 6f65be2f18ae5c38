import { adFormSchema } from 'contracts';
import * as v from 'valibot';
import type { CampaignPlacement } from '../../../lib/campaign';

export const PLACEMENTS: CampaignPlacement[] = ['main', 'cities', 'everywhere'];

/**
 * The create step's fields: the ad's texts with the spec's rules from contracts (section 5), and
 * where it is shown; a city placement needs at least one city.
 */
export const adFieldsSchema = v.pipe(
  v.object({
    ...v.pick(adFormSchema, ['format', 'heading', 'description', 'link', 'buttonText']).entries,
    placement: v.picklist(PLACEMENTS, 'wizard.errors.placementRequired'),
    cities: v.array(v.string()),
  }),
  v.forward(
    v.check(
      (input) => input.placement !== 'cities' || input.cities.length > 0,
      'wizard.errors.citiesRequired',
    ),
    ['cities'],
  ),
);

export type AdFieldsInput = v.InferInput<typeof adFieldsSchema>;
export type AdFields = v.InferOutput<typeof adFieldsSchema>;

/** The impressions rule alone (digits, at most 6, no leading zero), from the same contracts schema. */
export const impressionsSchema = v.pick(adFormSchema, ['impressions']);

import * as v from 'valibot';
import type * as responses from '../responses';
import { bodyIdSchema } from './body-id';

/** How many similar profiles a profile page shows at most. */
export const RECOMMENDATIONS_LIMIT = 8;

/** Body of POST /api/recommendations: the profile being viewed. */
export const recommendationsBodySchema = v.object(
  { id: bodyIdSchema('validation.invalidId') },
  'validation.invalidId',
);
export type RecommendationsBody = v.InferInput<typeof recommendationsBodySchema>;

/**
 * Up to RECOMMENDATIONS_LIMIT visible profiles: same city and category first, then the same
 * category in other cities, then other categories in the same city.
 */
export type RecommendationsResponse = v.InferOutput<typeof responses.recommendations>;

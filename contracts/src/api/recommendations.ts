import * as v from 'valibot';
import type * as responses from '../responses';
import { bodyIdSchema } from './body-id';

/** How many similar profiles a profile page shows at most. */
export const RECOMMENDATIONS_LIMIT = 8;

/** How many profiles the page of a missing or gone profile offers instead: one row of cards. */
export const MODEL_ALTERNATIVES_LIMIT = 4;

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

/**
 * GET /api/model/{id}/alternatives: what the page of a profile that is not shown offers instead.
 * `category` and `city` are where a once-published profile was listed and `items` profiles like
 * it; for an id never published (drafts do not leak) or nothing like it left, null and null and
 * the listing's first profiles.
 */
export type ModelAlternativesResponse = v.InferOutput<typeof responses.modelAlternatives>;

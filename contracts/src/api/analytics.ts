import * as v from 'valibot';
import type * as responses from '../responses';
import { bodyIdSchema } from './body-id';

/**
 * Body of PATCH /api/admin-panel/analytics. The client sends the fields it tracks; the server
 * counts one visit per visitor per day whatever `visitCount` says, and ignores fields it does
 * not know yet.
 */
export const analyticsBodySchema = v.object(
  {
    visitCount: v.optional(
      v.union(
        [
          v.literal(true, 'validation.invalidVisitCount'),
          v.pipe(
            v.number('validation.invalidVisitCount'),
            v.integer('validation.invalidVisitCount'),
            v.minValue(0, 'validation.invalidVisitCount'),
            v.maxValue(1_000_000_000, 'validation.invalidVisitCount'),
          ),
        ],
        'validation.invalidVisitCount',
      ),
    ),
  },
  'validation.required',
);
export type AnalyticsBody = v.InferInput<typeof analyticsBodySchema>;

/** Body of POST /api/admin-panel/analytics/update-models-visit-count: the profile viewed. */
export const profileViewBodySchema = v.object(
  { modelId: bodyIdSchema('validation.invalidId') },
  'validation.invalidId',
);
export type ProfileViewBody = v.InferInput<typeof profileViewBodySchema>;

/** Answer of both analytics calls. */
export type AnalyticsRecordedResponse = v.InferOutput<typeof responses.ok>;

/** One day of a profile's views, for the model's analytics. */
export interface ProfileViewsDay {
  /** YYYY-MM-DD in the analytics time zone (Moscow). */
  day: string;
  views: number;
}

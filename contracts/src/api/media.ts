import * as v from 'valibot';
import { positiveIntString } from '../common';
import type * as responses from '../responses';

/** Path of one file of a profile: /api/profiles/{id}/media/{mediaId}. */
export const profileMediaParamsSchema = v.object(
  {
    id: positiveIntString('validation.invalidId'),
    mediaId: positiveIntString('validation.invalidId'),
  },
  'validation.invalidId',
);
export type ProfileMediaParams = v.InferOutput<typeof profileMediaParamsSchema>;

export type OwnMediaList = v.InferOutput<typeof responses.ownMediaList>;

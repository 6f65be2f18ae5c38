import * as v from 'valibot';
import type * as responses from '../responses';
import { REJECT_REASON_MAX_LENGTH } from '../constants';
import { positiveIntString } from '../common';
import { modelProfileInputSchema, type ModelProfileFormValues } from '../validation/profile';

type FieldKey = keyof typeof modelProfileInputSchema.entries;
export const PROFILE_FIELD_KEYS = Object.keys(modelProfileInputSchema.entries) as FieldKey[];

/** A value the model has not filled in yet: nothing, blank text, an empty list or group. */
export function isBlankValue(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.values(value).every(isBlankValue);
  return false;
}

/** A problem that only says "this is required" about a value that is not filled in yet. */
const isMissingOnly = (issue: v.BaseIssue<unknown>) =>
  /(^validation\.required$|Required$)/.test(issue.message) && isBlankValue(issue.input);

/**
 * Body of the profile editor's save (PUT /api/profiles/{id}): any subset of the form's fields.
 * A draft may be incomplete, so a field not filled in yet is fine; a field that is filled in must
 * be valid (the same rules and messages as the whole form). Valid fields come out normalised
 * (numbers, trimmed texts); a group with a part still missing (prices without the hour) is kept
 * as typed, and the whole form is checked again when the profile is sent.
 */
export const profileDraftSchema = v.pipe(
  // valibot's object schemas take a list for an object (with none of its fields), which would
  // save an empty draft over the working version: a list is refused here.
  v.intersect(
    [
      v.looseObject(
        Object.fromEntries(PROFILE_FIELD_KEYS.map((key) => [key, v.optional(v.unknown())])) as Record<
          FieldKey,
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
    const draft: Partial<Record<FieldKey, unknown>> = {};
    for (const key of PROFILE_FIELD_KEYS) {
      const value = input[key];
      if (isBlankValue(value)) continue;
      const result = v.safeParse(modelProfileInputSchema.entries[key], value);
      if (result.success) {
        draft[key] = result.output;
        continue;
      }
      const real = result.issues.filter((issue) => !isMissingOnly(issue));
      for (const issue of real) {
        addIssue({
          message: issue.message,
          path: [
            { type: 'object', origin: 'value', input, key, value },
            ...(issue.path ?? []),
          ] as unknown as [v.IssuePathItem, ...v.IssuePathItem[]],
        });
      }
      if (real.length === 0) draft[key] = value;
    }
    return draft as ProfileDraft;
  }),
);
/** What a draft holds: the fields filled in so far. */
export type ProfileDraft = Partial<ModelProfileFormValues>;

/** Body of POST /api/profiles: the profile's first fields (name and category start the editor). */
export const createProfileBodySchema = profileDraftSchema;

/** Body of an administrator's rejection or blocking: the reason the model reads. */
export const reasonBodySchema = v.object(
  {
    reason: v.pipe(
      v.string('validation.reasonRequired'),
      v.trim(),
      v.nonEmpty('validation.reasonRequired'),
      v.maxLength(REJECT_REASON_MAX_LENGTH, 'validation.reasonTooLong'),
    ),
  },
  'validation.reasonRequired',
);
export type ReasonBody = v.InferOutput<typeof reasonBodySchema>;

/** Body of the media order call: every media id of the profile, main photo first. */
export const mediaOrderBodySchema = v.object(
  {
    ids: v.pipe(
      v.array(
        v.pipe(v.number('validation.invalidId'), v.integer('validation.invalidId')),
        'validation.invalidId',
      ),
      v.minLength(1, 'validation.invalidId'),
      v.maxLength(10, 'validation.invalidId'),
      v.check((ids) => new Set(ids).size === ids.length, 'validation.invalidId'),
    ),
  },
  'validation.invalidId',
);
export type MediaOrderBody = v.InferOutput<typeof mediaOrderBodySchema>;

export type OwnProfile = v.InferOutput<typeof responses.ownProfile>;
export type OwnProfileList = v.InferOutput<typeof responses.ownProfileList>;
export type OwnMedia = v.InferOutput<typeof responses.ownMedia>;

/** Longest period of the cabinet's views chart, in days. */
export const PROFILE_VIEWS_MAX_DAYS = 90;

/** Query of GET /api/profiles/{id}/views: the last `days` days, today included (default 30). */
export const profileViewsQuerySchema = v.object(
  {
    days: v.optional(
      v.pipe(
        positiveIntString('validation.invalidRange'),
        v.maxValue(PROFILE_VIEWS_MAX_DAYS, 'validation.invalidRange'),
      ),
      '30',
    ),
  },
  'validation.invalidQuery',
);
export type ProfileViewsQuery = v.InferOutput<typeof profileViewsQuerySchema>;
export type ProfileViewsResponse = v.InferOutput<typeof responses.profileViews>;
export type ProfilePromotions = v.InferOutput<typeof responses.profilePromotions>;
export type OwnComplaintsResponse = v.InferOutput<typeof responses.ownComplaints>;

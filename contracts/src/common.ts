import * as v from 'valibot';
import { LISTING_MAX_PAGE } from './constants';
import type * as responses from './responses';

/** Texts the API stores in both languages; front ends pick by the current locale. */
export type LocalizedText = v.InferOutput<typeof responses.localizedText>;

/** The body of every non-2xx answer; its `code` is one of ERROR_CODES. */
export type ApiErrorBody = v.InferOutput<typeof responses.apiErrorBody>;

/**
 * A positive integer arriving as a path or query string ("12"). Leading zeros, signs,
 * fractions and anything past 9 digits are rejected rather than coerced.
 */
export const positiveIntString = (message: string) =>
  v.pipe(v.string(message), v.regex(/^[1-9]\d{0,8}$/, message), v.transform(Number));

export const idParamsSchema = v.object(
  { id: positiveIntString('validation.invalidId') },
  'validation.invalidId',
);
export type IdParams = v.InferOutput<typeof idParamsSchema>;

/** Which page of a paged list: 1 up to LISTING_MAX_PAGE. */
export const pageNumberString = v.pipe(
  positiveIntString('validation.invalidPage'),
  v.maxValue(LISTING_MAX_PAGE, 'validation.invalidPage'),
);

/**
 * `page` and `perPage` of a paged list's query, both optional (the route picks the defaults);
 * `maxPerPage` is the longest page that list serves.
 */
export function pageQueryEntries(maxPerPage: number) {
  return {
    page: v.optional(pageNumberString),
    perPage: v.optional(
      v.pipe(
        positiveIntString('validation.invalidPerPage'),
        v.maxValue(maxPerPage, 'validation.invalidPerPage'),
      ),
    ),
  };
}

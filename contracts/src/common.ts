import * as v from 'valibot';
import type * as responses from './responses';

/** Texts the API stores in both languages; front ends pick by the current locale. */
export type LocalizedText = v.InferOutput<typeof responses.localizedText>;

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

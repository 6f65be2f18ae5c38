import * as v from 'valibot';

/** Texts the API stores in both languages; front ends pick by the current locale. */
export interface LocalizedText {
  ru: string;
  en: string;
}

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

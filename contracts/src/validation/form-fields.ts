import * as v from 'valibot';

interface Bounds {
  min: number;
  max: number;
}

interface BoundKeys {
  min: string;
  max: string;
}

/** Form inputs hand numbers over as text and JSON bodies as numbers; both end up as a number. */
const toNumber = (input: number | string): number => {
  if (typeof input === 'number') return input;
  // Thousands are often typed with spaces ("5 000") and decimals with a comma.
  const text = input.replace(/\s/g, '').replace(',', '.');
  return /^-?\d+(?:\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
};

const isBlank = (input: number | string): boolean => typeof input === 'string' && input.trim() === '';

/** A required whole number within bounds; blank or null fails with `missing`. */
export const wholeNumberField = (bounds: Bounds, keys: BoundKeys & { missing: string }) =>
  v.pipe(
    v.union([v.number(keys.missing), v.string(keys.missing)], keys.missing),
    v.check((input) => !isBlank(input), keys.missing),
    v.transform(toNumber),
    v.number('validation.notANumber'),
    v.integer('validation.wholeNumber'),
    v.minValue(bounds.min, keys.min),
    v.maxValue(bounds.max, keys.max),
  );

/** An optional whole number within bounds; empty, null or missing becomes null. */
export const optionalWholeNumberField = (bounds: Bounds, keys: BoundKeys) =>
  v.pipe(
    v.optional(
      v.nullable(
        v.union(
          [v.number('validation.notANumber'), v.string('validation.notANumber')],
          'validation.notANumber',
        ),
      ),
      null,
    ),
    v.transform((input) => (input === null || isBlank(input) ? null : toNumber(input))),
    v.nullable(
      v.pipe(
        v.number('validation.notANumber'),
        v.integer('validation.wholeNumber'),
        v.minValue(bounds.min, keys.min),
        v.maxValue(bounds.max, keys.max),
      ),
    ),
  );

/** Optional free text: blank, null or missing becomes null, anything else is trimmed. */
export const optionalTextField = (typeKey: string) =>
  v.pipe(
    v.optional(v.nullable(v.string(typeKey)), null),
    v.transform((input) => {
      const text = input?.trim() ?? '';
      return text === '' ? null : text;
    }),
  );

import type * as v from 'valibot';
import { validate } from '../validate';

/** Field path -> message key of a rejected input; {} when the input passes. */
export function errorsOf(schema: v.GenericSchema, input: unknown): Record<string, string> {
  const result = validate(schema, input);
  return result.ok ? {} : result.fields;
}

/** The parsed value of an input the test expects to pass; fails the test with the field errors. */
export function outputOf<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
): v.InferOutput<TSchema> {
  const result = validate(schema, input);
  if (!result.ok) throw new Error(`expected valid input, got ${JSON.stringify(result.fields)}`);
  return result.value;
}

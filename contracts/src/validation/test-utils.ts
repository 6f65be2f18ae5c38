import type * as v from 'valibot';
import { validate, validateAsync } from '../validate';

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

/** `errorsOf` for a schema with an asynchronous rule (the forms' common-password check). */
export async function errorsOfAsync(
  schema: v.GenericSchema | v.GenericSchemaAsync,
  input: unknown,
): Promise<Record<string, string>> {
  const result = await validateAsync(schema, input);
  return result.ok ? {} : result.fields;
}

/** `outputOf` for a schema with an asynchronous rule. */
export async function outputOfAsync<TSchema extends v.GenericSchema | v.GenericSchemaAsync>(
  schema: TSchema,
  input: unknown,
): Promise<v.InferOutput<TSchema>> {
  const result = await validateAsync(schema, input);
  if (!result.ok) throw new Error(`expected valid input, got ${JSON.stringify(result.fields)}`);
  return result.value;
}

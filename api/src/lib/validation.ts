import { validate } from 'contracts';
import type * as v from 'valibot';
import { ValidationError } from './api-error';

/** Messages in `contracts` schemas are translation keys such as `validation.invalidPage`. */
const messageKeyPattern = /^[a-z]+\.[A-Za-z0-9_.]+$/;

/**
 * Checks a request's params, query or body against a `contracts` schema and returns the typed
 * output, or throws a ValidationError naming each bad field by its dot path (problems of the
 * input as a whole under contracts' ROOT_FIELD, the empty string).
 */
export function parse<TSchema extends v.GenericSchema>(
  schema: TSchema,
  value: unknown,
): v.InferOutput<TSchema> {
  const result = validate(schema, value);
  if (result.ok) return result.value;
  const fields: Record<string, string> = {};
  for (const [path, message] of Object.entries(result.fields)) {
    // A schema written without a key still gets a message a front end can translate.
    fields[path] = messageKeyPattern.test(message) ? message : 'validation.invalid';
  }
  throw new ValidationError(fields);
}

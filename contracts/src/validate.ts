import * as v from 'valibot';

export type ValidationResult<T> =
  | { ok: true; value: T }
  | {
      ok: false;
      /** Dot path ("prices.hour", "services.0.description") -> i18n key of the field's first problem. */
      fields: Record<string, string>;
    };

/** Key of problems that belong to no field, such as a body that is not an object. */
export const ROOT_FIELD = '';

export function validate<TSchema extends v.GenericSchema>(
  schema: TSchema,
  input: unknown,
): ValidationResult<v.InferOutput<TSchema>> {
  return resultOf(v.safeParse(schema, input));
}

/** `validate` for a schema with an asynchronous rule (a form's common-password check). */
export async function validateAsync<TSchema extends v.GenericSchema | v.GenericSchemaAsync>(
  schema: TSchema,
  input: unknown,
): Promise<ValidationResult<v.InferOutput<TSchema>>> {
  return resultOf(await v.safeParseAsync(schema, input));
}

function resultOf<TOutput>(
  result: v.SafeParseResult<v.GenericSchema<unknown, TOutput>>,
): ValidationResult<TOutput> {
  if (result.success) return { ok: true, value: result.output };
  const fields: Record<string, string> = {};
  // Issues come in schema order, so the first one of a field is its most basic problem.
  for (const issue of result.issues) fields[v.getDotPath(issue) ?? ROOT_FIELD] ??= issue.message;
  return { ok: false, fields };
}

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
  const result = v.safeParse(schema, input);
  if (result.success) return { ok: true, value: result.output };
  const fields: Record<string, string> = {};
  // Issues come in schema order, so the first one of a field is its most basic problem.
  for (const issue of result.issues) fields[v.getDotPath(issue) ?? ROOT_FIELD] ??= issue.message;
  return { ok: false, fields };
}

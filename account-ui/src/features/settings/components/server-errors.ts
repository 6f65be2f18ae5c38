import type { ErrorCode } from 'contracts';
import { ApiError } from 'platform';
import type { ErrorOption } from 'react-hook-form';

/**
 * Puts what the server said on the form's fields: the fields it named (VALIDATION_FAILED,
 * WRONG_PASSWORD), then the codes this form ties to a field (LOGIN_TAKEN on the login).
 * Answers whether anything landed on a field; if not, the form shows its own failure.
 */
export function applyServerErrors<Field extends string>(
  error: unknown,
  fields: readonly Field[],
  setError: (field: Field, error: ErrorOption) => void,
  codeFields: Partial<Record<ErrorCode, Field>> = {},
): boolean {
  if (!(error instanceof ApiError)) return false;
  let placed = false;
  for (const [field, message] of Object.entries(error.fields)) {
    if ((fields as readonly string[]).includes(field)) {
      setError(field as Field, { type: 'server', message });
      placed = true;
    }
  }
  const field = codeFields[error.code];
  if (!placed && field) {
    setError(field, { type: 'server', message: `errors.${error.code}` });
    placed = true;
  }
  return placed;
}

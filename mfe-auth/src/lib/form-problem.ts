import type { ErrorCode } from 'contracts';
import { ApiError } from 'platform';
import { deadlineIn } from './countdown';

/** A failed submit as the form shows it: a key of the `auth` namespace, and when to try again. */
export interface FormProblem {
  key: string;
  code?: ErrorCode;
  /** Set for RATE_LIMITED answers that say how long to wait (ms since the epoch). */
  retryAt?: number;
}

/**
 * Picks the message for an error: the form's own for the codes it knows, its fallback for
 * anything else (network, server errors, codes it does not expect).
 */
export function problemFrom(
  error: unknown,
  known: Partial<Record<ErrorCode, string>>,
  fallback: string,
): FormProblem {
  if (!(error instanceof ApiError)) return { key: fallback };
  const key = known[error.code];
  if (!key) return { key: fallback, code: error.code };
  if (error.code === 'RATE_LIMITED' && error.retryAfter !== undefined) {
    return { key, code: error.code, retryAt: deadlineIn(error.retryAfter) };
  }
  return { key, code: error.code };
}

/** Field problems of a VALIDATION_FAILED answer (field -> `validation.*` key), when the form has those fields. */
export function serverFieldErrors<Field extends string>(
  error: unknown,
  fields: readonly Field[],
): [Field, string][] {
  if (!(error instanceof ApiError) || error.code !== 'VALIDATION_FAILED') return [];
  return Object.entries(error.fields).filter((entry): entry is [Field, string] =>
    (fields as readonly string[]).includes(entry[0]),
  );
}

/**
 * Error codes the API answers with. Front ends translate them (namespace `platform`, key
 * `errors.<code>`); the API never sends user-facing text it has not translated itself.
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'NOT_FOUND',
  'MODEL_NOT_FOUND',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'CSRF_FAILED',
  'RATE_LIMITED',
  'CONFLICT',
  'INTERNAL',
  'NETWORK',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** The body of every non-2xx answer. */
export interface ApiErrorBody {
  code: ErrorCode;
  /** A message in the request's language, for logs and for clients without translations. */
  message: string;
  /** Per-field problems for VALIDATION_FAILED: field path -> message key. */
  fields?: Record<string, string>;
  /** Seconds until the request may be retried (RATE_LIMITED). */
  retryAfter?: number;
}

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

import { type ErrorCode, ROOT_FIELD } from 'contracts';

/**
 * An error the client is meant to see: an HTTP status, a code from `contracts` and a message
 * key that the error handler translates into the request's language.
 */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly messageKey: string;
  readonly fields: Record<string, string> | undefined;
  /** Values the message interpolates, sent along for clients that translate it themselves. */
  readonly params: Record<string, string | number> | undefined;

  constructor(
    statusCode: number,
    code: ErrorCode,
    options: {
      messageKey?: string;
      fields?: Record<string, string>;
      params?: Record<string, string | number>;
    } = {},
  ) {
    super(code);
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.code = code;
    this.messageKey = options.messageKey ?? `errors.${code}`;
    this.fields = options.fields;
    this.params = options.params;
  }
}

/** Bad input: 400 with the offending fields, each mapped to a message key. */
export class ValidationError extends ApiError {
  constructor(fields: Record<string, string>) {
    const firstKey = Object.values(fields)[0];
    super(400, 'VALIDATION_FAILED', { fields, ...(firstKey ? { messageKey: firstKey } : {}) });
    this.name = 'ValidationError';
  }
}

/**
 * A request that cannot be read at all (broken JSON, bad URL encoding, wrong content type):
 * a validation failure of the input as a whole, filed under ROOT_FIELD like a schema's own.
 */
export function unreadableRequest(messageKey: string, statusCode = 400): ApiError {
  return new ApiError(statusCode, 'VALIDATION_FAILED', { messageKey, fields: { [ROOT_FIELD]: messageKey } });
}

import { type ApiErrorBody, type ErrorCode, isErrorCode } from 'contracts';
import { i18n } from '../i18n/i18n';

/** Every failed API call becomes one of these, with a message in the current language. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: Record<string, string>;
  readonly retryAfter: number | undefined;
  /** Values the message interpolates, e.g. `date` (the nearest free day) of SLOTS_FULL. */
  readonly params: Record<string, string | number>;

  constructor(code: ErrorCode, status: number, body?: Partial<ApiErrorBody>) {
    super(translateError(code, body));
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.fields = body?.fields ?? {};
    this.retryAfter = body?.retryAfter;
    this.params = body?.params ?? {};
  }
}

function translateError(code: ErrorCode, body?: Partial<ApiErrorBody>): string {
  const key = `errors.${code}`;
  if (i18n.exists(key, { ns: 'platform' })) {
    return i18n.t(key, { ns: 'platform', seconds: body?.retryAfter ?? 0, ...body?.params });
  }
  return body?.message ?? i18n.t('errors.INTERNAL', { ns: 'platform' });
}

export function errorCodeFor(status: number, body: unknown): ErrorCode {
  const code = (body as { code?: unknown } | null)?.code;
  if (isErrorCode(code)) return code;
  if (status === 404) return 'NOT_FOUND';
  if (status === 401) return 'UNAUTHORIZED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 400 || status === 422) return 'VALIDATION_FAILED';
  return 'INTERNAL';
}

import type { TFunction } from 'i18next';
import { ApiError } from 'platform';

/** The API's own translated message when it said why, else the screen's text for what failed. */
export function streamErrorMessage(error: unknown, fallback: string, t: TFunction): string {
  if (error instanceof ApiError && error.code !== 'INTERNAL' && error.code !== 'VALIDATION_FAILED') {
    return error.message;
  }
  return t(fallback);
}

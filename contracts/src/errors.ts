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
  // Outcomes of PRODUCT_SPEC.md section 8 that only the server can decide.
  'EMAIL_EXISTS',
  'LOGIN_TAKEN',
  'LOGIN_FAILED',
  'USER_NOT_FOUND',
  'INVALID_CODE',
  'EMAIL_SEND_FAILED',
  'LINK_INVALID',
  'PROMO_INVALID',
  'PROMO_NOT_FOR_ROLE',
  'PROMO_ALREADY_USED',
  'INSUFFICIENT_BALANCE',
  'PAYMENT_FAILED',
  'AMOUNT_REJECTED',
  'SLOTS_FULL',
  'SERVICE_NOT_ACTIVATED',
  'UPDATE_REQUIRED',
  'UNSUPPORTED_FORMAT',
  'FILE_TOO_LARGE',
  'IMAGE_PROCESSING_FAILED',
  'VIDEO_PROCESSING_FAILED',
  'WRONG_PASSWORD',
  'COMPLAINT_ALREADY_SENT',
  'TRANSITION_NOT_ALLOWED',
  'PROFILE_INCOMPLETE',
  'MEDIA_LIMIT',
  'ACCOUNT_BLOCKED',
  'PROFILE_NOT_ACTIVE',
  'VIDEO_REQUIRED',
  'NOT_BLOCKABLE',
  'BLOCKED_WITH_ACCOUNT',
  'CAMPAIGN_INCOMPLETE',
  // The administration's (issue 16).
  'CLAIMED',
  'PROMO_CODE_EXISTS',
  // Search engines (issue 17): a profile that was published and no longer is answers 410.
  'PROFILE_GONE',
  // Balance adjustments (issue 27).
  'ADJUSTMENT_OWN_ACCOUNT',
  'ADJUSTMENT_NEEDS_SECOND_ADMIN',
  'ADJUSTMENT_DECIDED',
  // Live streams (issue 28; PRODUCT_SPEC.md section 8).
  'STREAM_CREATE_FAILED',
  'STREAM_STOP_FAILED',
  'STREAM_ALREADY_LIVE',
  'STREAM_PROFILE_NOT_LISTED',
  'STREAM_ENDED',
  // Remote releases (issue 30).
  'RELEASE_EXISTS',
  'RELEASE_NOT_FOUND',
  'ROUTE_CONFLICT',
  'ALREADY_STABLE',
  'NOTHING_TO_ROLL_BACK',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

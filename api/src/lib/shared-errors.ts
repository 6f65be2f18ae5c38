import { errorResponses } from './route-schema';

/**
 * Error answers that routes of several modules declare in their schemas, written once so the
 * OpenAPI document describes them alike. An answer only one module gives stays in that module.
 */

/** A route for signed-in accounts, called without a session. */
export const UNAUTHORIZED = errorResponses({ 401: 'UNAUTHORIZED: no session' });

/** A public profile that does not exist, or was never published. */
export const MODEL_NOT_FOUND = errorResponses({ 404: 'MODEL_NOT_FOUND: missing, or never published' });

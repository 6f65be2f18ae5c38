import { ApiError } from 'platform';

/** The server's translated message for a failure it explained, else the given text. */
export const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.code !== 'INTERNAL' && error.code !== 'NETWORK'
    ? error.message
    : fallback;

/** The error code of a failed call, if the server gave one. */
export const codeOf = (error: unknown) => (error instanceof ApiError ? error.code : null);

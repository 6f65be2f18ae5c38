import { ApiError } from 'platform';

/** The server's translated message for a failure it explained, else the screen's text for the action. */
export const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.code !== 'INTERNAL' && error.code !== 'NETWORK'
    ? error.message
    : fallback;

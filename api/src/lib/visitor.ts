import type { FastifyRequest } from 'fastify';
import { sha256 } from './tokens';

/**
 * Who is counted (visits, profile views) or complaining: the account when signed in, else the
 * browser's visitor cookie. Stored hashed, so the analytics tables hold neither the cookie nor
 * an address.
 */
export function visitorKey(request: FastifyRequest): string {
  return sha256(request.auth ? `account:${request.auth.accountId}` : `visitor:${request.visitorId}`);
}

/** Days of visits, views and complaints begin at midnight in Moscow, the site's home time. */
export const ANALYTICS_TIME_ZONE = 'Europe/Moscow';

const dayParts = new Intl.DateTimeFormat('en-US', {
  timeZone: ANALYTICS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The day `at` falls on in ANALYTICS_TIME_ZONE, as YYYY-MM-DD. */
export function analyticsDay(at: Date = new Date()): string {
  const parts = Object.fromEntries(dayParts.formatToParts(at).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/**
 * The calendar days ads run on (Moscow time): checked by the campaign rules and by the balance
 * adjustments' date filters. A module of its own, so the contracts every page shares do not carry
 * the campaign rules (`contracts/campaigns`) for it.
 */

/** Days of ads start at midnight in Moscow, the site's home time. */
export const AD_TIME_ZONE = 'Europe/Moscow';

const DAY_MS = 86_400_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether `text` is a real calendar day as YYYY-MM-DD (2000 to 2999). */
export function isAdDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const [, y, m, d] = match.map(Number) as [number, number, number, number];
  if (y < 2000 || y > 2999) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** YYYY-MM-DD of `date` in the ads' time zone. */
export function adDayOf(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: AD_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(date);
}

/** `day` moved by `days` (negative goes back). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

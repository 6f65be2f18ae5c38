import { i18n } from 'platform';

const locale = () => (i18n.language === 'en' ? 'en-GB' : 'ru-RU');

/** A calendar day ("2026-11-23") as the reader writes it: "23 нояб. 2026 г." / "23 Nov 2026". */
export function formatDay(day: string): string {
  return new Intl.DateTimeFormat(locale(), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** A whole number with the reader's grouping ("12 500" / "12,500"). */
export const formatCount = (value: number) => new Intl.NumberFormat(locale()).format(value);

/** A local Date of the day picker as "YYYY-MM-DD". */
export function dayOf(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** "YYYY-MM-DD" as a local Date at midnight (what the day picker compares). */
export function dateOf(day: string): Date {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return new Date(year, month - 1, date);
}

/** "YYYY-MM" of a local Date. */
export const monthOf = (date: Date) => dayOf(date).slice(0, 7);

/** How many days a range holds, both ends counted. */
export function daysBetween(startsOn: string, endsOn: string): number {
  return (
    Math.round((Date.parse(`${endsOn}T00:00:00Z`) - Date.parse(`${startsOn}T00:00:00Z`)) / 86_400_000) + 1
  );
}

import { i18n } from 'platform';

const locale = () => (i18n.language === 'en' ? 'en-GB' : 'ru-RU');

/** Rubles as the site writes them in both languages: "1 500 ₽", "1,500 ₽", "555,50 ₽" (never "RUB 1,500"). */
export function formatRubles(amount: number): string {
  const kopecks = !Number.isInteger(amount);
  const number = new Intl.NumberFormat(locale(), {
    minimumFractionDigits: kopecks ? 2 : 0,
    maximumFractionDigits: 2,
  }).format(amount);
  return `${number} ₽`;
}

/** A day: "23 нояб. 2026 г." / "23 Nov 2026". */
export function formatDate(iso: string): string {
  return new Intl.DateTimeFormat(locale(), { day: 'numeric', month: 'short', year: 'numeric' }).format(
    new Date(iso),
  );
}

/** A moment: the day and the time. */
export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat(locale(), {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));
}

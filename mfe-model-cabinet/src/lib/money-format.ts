import { i18n } from 'platform';

/** Rubles that may carry kopecks (a bonus, a part-paid credit): "550 ₽", "555,50 ₽". */
export function formatRublesKopecks(amount: number): string {
  return new Intl.NumberFormat(i18n.language === 'en' ? 'en-GB' : 'ru-RU', {
    style: 'currency',
    currency: 'RUB',
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

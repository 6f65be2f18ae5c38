import { i18n } from 'platform';

const locale = () => (i18n.language === 'en' ? 'en-GB' : 'ru-RU');

/** A share as a percentage with one decimal: "2.5%" / "2,5 %". */
export const formatRate = (rate: number) =>
  new Intl.NumberFormat(locale(), {
    style: 'percent',
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(rate);

/** Milliseconds, whole: "1,830 ms" / "1 830 мс". */
export const formatMs = (ms: number) =>
  new Intl.NumberFormat(locale(), { style: 'unit', unit: 'millisecond', maximumFractionDigits: 0 }).format(
    ms,
  );

/** Cumulative Layout Shift, a score without a unit: "0.12" / "0,12". */
export const formatScore = (score: number) =>
  new Intl.NumberFormat(locale(), { minimumFractionDigits: 2, maximumFractionDigits: 3 }).format(score);

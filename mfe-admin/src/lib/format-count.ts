import { i18n } from 'platform';

/** A count with the language's digit grouping: "12 345" / "12,345". */
export const formatCount = (value: number) =>
  new Intl.NumberFormat(i18n.language === 'en' ? 'en-GB' : 'ru-RU').format(value);

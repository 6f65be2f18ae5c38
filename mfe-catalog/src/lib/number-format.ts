const formats = new Map<string, Intl.NumberFormat>();

/**
 * The number format of a language (and options), made once: making one costs far more than using
 * it, and a listing page formats a price on each of its cards, on the server for every page.
 */
export function numberFormat(
  language: string | undefined,
  options?: Intl.NumberFormatOptions,
): Intl.NumberFormat {
  const key = `${language ?? ''}|${options ? JSON.stringify(options) : ''}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(language, options);
    formats.set(key, format);
  }
  return format;
}

import { DEFAULT_LOCALE, isLocale, type Locale } from 'contracts';
import { contractsLocales } from 'contracts/locales';

type Tree = { readonly [key: string]: string | Tree };
type Catalog = ReadonlyMap<string, string>;

/**
 * Texts only the API sends, for problems no schema can report (a body that is not JSON) and
 * for words it puts into data (photo descriptions). Everything else comes from `contracts`.
 */
const API_TEXTS: Readonly<Record<Locale, Tree>> = {
  ru: {
    validation: {
      invalid: 'Некорректное значение',
      malformedRequest: 'Некорректный запрос',
      malformedBody: 'Не удалось прочитать тело запроса',
      bodyTooLarge: 'Слишком большой запрос',
      unsupportedMediaType: 'Неподдерживаемый формат данных',
    },
    media: { photo: 'фото' },
    // PROMO_NOT_FOR_ROLE names the account type the code is not for.
    promo: {
      notForGirls: 'Этот промокод не предназначен для моделей',
      notForAdvertisers: 'Этот промокод не предназначен для рекламодателей',
    },
  },
  en: {
    validation: {
      invalid: 'Invalid value',
      malformedRequest: 'Malformed request',
      malformedBody: 'The request body could not be read',
      bodyTooLarge: 'The request is too large',
      unsupportedMediaType: 'Unsupported content type',
    },
    media: { photo: 'photo' },
    promo: {
      notForGirls: 'This promo code is not for models',
      notForAdvertisers: 'This promo code is not for advertisers',
    },
  },
};

function flatten(tree: Tree, prefix = '', into = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') into.set(`${prefix}${key}`, value);
    else flatten(value, `${prefix}${key}.`, into);
  }
  return into;
}

const catalogs: Readonly<Record<Locale, Catalog>> = {
  ru: flatten(API_TEXTS.ru, '', flatten(contractsLocales.ru)),
  en: flatten(API_TEXTS.en, '', flatten(contractsLocales.en)),
};

/**
 * The message for `key` in `locale`, with `{{name}}` placeholders filled from `params`. A key
 * nobody has written a text for yet falls back to the generic message of its kind, so a client
 * never sees a raw key as a message.
 */
export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const catalog = catalogs[locale];
  const generic = key.startsWith('validation.') ? 'errors.VALIDATION_FAILED' : 'errors.INTERNAL';
  const text = catalog.get(key) ?? catalog.get(generic) ?? key;
  return text.replace(/{{(\w+)}}/g, (placeholder, name: string) => String(params[name] ?? placeholder));
}

/** The best of our locales for an Accept-Language header; Russian when nothing matches. */
export function pickLocale(acceptLanguage: string | undefined): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return {
        language: tag.split('-')[0]?.toLowerCase() ?? '',
        quality: Number.isFinite(quality) ? quality : 0,
        index,
      };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const { language } of ranked) {
    if (isLocale(language)) return language;
  }
  return DEFAULT_LOCALE;
}

import contractsRu from 'contracts/locales/ru';
import type { Locale } from 'contracts';
import ru from '../locales/ru.json';

/**
 * The platform namespace: the texts of `contracts` (validation messages, error codes) and the
 * platform's own. The default language's come with the first scripts; English, the fallback, is
 * a chunk of its own (about 3.6 KiB gzip), fetched before an English page renders and otherwise
 * once the page is idle, so a Russian page does not download both languages first.
 */
export const defaultPlatformMessages = { ...contractsRu, ...ru };
export type PlatformMessages = typeof defaultPlatformMessages;

/** The platform's texts in `locale`: the default language at once, another as its chunk arrives. */
export function loadPlatformMessages(locale: Locale): Promise<PlatformMessages> {
  if (locale === 'ru') return Promise.resolve(defaultPlatformMessages);
  return import(/* webpackChunkName: "platform-en" */ './messages-en').then(
    (chunk) => chunk.englishPlatformMessages,
  );
}

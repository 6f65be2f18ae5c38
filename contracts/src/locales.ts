import type { Locale } from './enums';
import en from './locales/en.json';
import ru from './locales/ru.json';

/**
 * Texts for the message keys this package produces: `validation.*` from the schemas and
 * `errors.<code>` for every ErrorCode. Front ends merge them into their `platform` namespace.
 */
export const contractsLocales = { ru, en } satisfies Record<Locale, typeof ru>;
export type ContractsMessages = typeof ru;

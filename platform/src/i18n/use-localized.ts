import type { LocalizedText } from 'contracts';
import { useTranslation } from 'react-i18next';

/** Picks the current language from texts the API sends in both; re-renders on a language switch. */
export function useLocalized(): (text: LocalizedText) => string {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage === 'en' ? 'en' : 'ru';
  return (text) => text[locale] || text.ru;
}

import { type Locale, LOCALES } from 'contracts';
import { useTranslation } from 'react-i18next';
import { switchLanguage } from './i18n';

export interface LanguageSwitchProps {
  /** Accessible name of the switch. */
  label: string;
  value: Locale | undefined;
  onChange: (locale: Locale) => void;
  options: { value: Locale; label: string; lang: Locale }[];
}

/**
 * Everything a language switch needs, in the platform's own texts, so the shell's header and the
 * sign-in pages (which have no header) show the same switch: spread it into shared-ui's
 * `SegmentedSwitch` (platform does not depend on shared-ui).
 */
export function useLanguageSwitch(): LanguageSwitchProps {
  const { t, i18n } = useTranslation('platform');
  return {
    label: t('language.label'),
    value: LOCALES.find((locale) => locale === i18n.resolvedLanguage),
    onChange: switchLanguage,
    options: LOCALES.map((locale) => ({ value: locale, label: t(`language.${locale}`), lang: locale })),
  };
}

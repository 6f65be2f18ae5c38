import { LOCALES } from 'contracts';
import { useTranslation } from 'react-i18next';
import { SegmentedSwitch } from 'shared-ui';

/** The shell's header is not on these pages, so they carry the language switch themselves. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('auth');
  return (
    <SegmentedSwitch
      label={t('layout.language')}
      value={i18n.resolvedLanguage}
      onChange={(locale) => void i18n.changeLanguage(locale)}
      options={LOCALES.map((locale) => ({
        value: locale,
        label: t(`layout.languages.${locale}`),
        lang: locale,
      }))}
    />
  );
}

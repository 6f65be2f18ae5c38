import { LOCALES } from 'contracts';
import { useTranslation } from 'react-i18next';
import { SegmentedSwitch } from 'shared-ui';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation('shell');
  return (
    <SegmentedSwitch
      label={t('language.label')}
      value={i18n.resolvedLanguage}
      onChange={(locale) => void i18n.changeLanguage(locale)}
      options={LOCALES.map((locale) => ({ value: locale, label: t(`language.${locale}`), lang: locale }))}
    />
  );
}

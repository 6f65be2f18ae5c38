import { LOCALES } from 'contracts';
import { useTranslation } from 'react-i18next';
import styles from './language-switch.module.css';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation('shell');
  const current = i18n.resolvedLanguage;
  return (
    <fieldset className={styles.switch}>
      <legend className={styles.legend}>{t('language.label')}</legend>
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="button"
          className={styles.option}
          aria-pressed={current === locale}
          lang={locale}
          onClick={() => void i18n.changeLanguage(locale)}
        >
          {t(`language.${locale}`)}
        </button>
      ))}
    </fieldset>
  );
}

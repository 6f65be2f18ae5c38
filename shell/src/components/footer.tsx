import { CATEGORIES } from 'contracts';
import { paths } from 'platform';
import { useTranslation } from 'react-i18next';
import styles from './footer.module.css';
import { PreloadLink } from './preload-link';

export function Footer() {
  const { t } = useTranslation('shell');
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <nav aria-label={t('footer.categories')}>
          <h2 className={styles.heading}>{t('footer.categories')}</h2>
          <ul className={styles.list}>
            {CATEGORIES.map((category) => (
              <li key={category}>
                <PreloadLink to={paths.listing(category)}>{t(`categories.${category}`)}</PreloadLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label={t('footer.sections')}>
          <h2 className={styles.heading}>{t('footer.sections')}</h2>
          <ul className={styles.list}>
            <li>
              <PreloadLink to={paths.login('girl')}>{t('nav.post')}</PreloadLink>
            </li>
            <li>
              <PreloadLink to={paths.login('advister')}>{t('nav.advertiserOffice')}</PreloadLink>
            </li>
            <li>
              <PreloadLink to={paths.price()}>{t('nav.price')}</PreloadLink>
            </li>
          </ul>
        </nav>
        <p className={styles.legal}>{t('footer.adultsOnly')}</p>
      </div>
    </footer>
  );
}

import { CATEGORIES } from 'contracts';
import { appConfig, paths } from 'platform';
import { useTranslation } from 'react-i18next';
import { useRoleSwitch } from '../lib/use-role-switch';
import styles from './footer.module.css';
import { PreloadLink } from './preload-link';

export function Footer() {
  const { t } = useTranslation('shell');
  const { links } = appConfig();
  const { guard } = useRoleSwitch();
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
              <PreloadLink to={paths.modelCabinet()} onClick={guard('girl')}>
                {t('nav.post')}
              </PreloadLink>
            </li>
            <li>
              <PreloadLink to={paths.advertiserOffice()} onClick={guard('advister')}>
                {t('nav.advertiserOffice')}
              </PreloadLink>
            </li>
            <li>
              <PreloadLink to={paths.price()}>{t('nav.price')}</PreloadLink>
            </li>
          </ul>
        </nav>
        <section aria-labelledby="footer-contacts">
          <h2 id="footer-contacts" className={styles.heading}>
            {t('footer.contacts')}
          </h2>
          <ul className={styles.list}>
            <li>
              <a href={links.contactBot} rel="noopener noreferrer" target="_blank">
                {t('footer.contactBot')}
              </a>
            </li>
            <li>
              <a href={links.telegramChannel} rel="noopener noreferrer" target="_blank">
                {t('footer.telegram')}
              </a>
            </li>
            <li>
              <a href={links.instagram} rel="noopener noreferrer" target="_blank">
                {t('footer.instagram')}
              </a>
            </li>
          </ul>
        </section>
        <p className={styles.legal}>{t('footer.adultsOnly')}</p>
      </div>
    </footer>
  );
}

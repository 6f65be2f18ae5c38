import { CATEGORIES } from 'contracts';
import { appConfig, paths } from 'platform';
import { useTranslation } from 'react-i18next';
import { useAccountLinks } from '../lib/use-account-links';
import styles from './footer.module.css';
import { PreloadLink } from './preload-link';

export function Footer() {
  const { t } = useTranslation('shell');
  const { links } = appConfig();
  // The same links as the header's, following the session: a signed-in model sees her profile.
  const { post, office } = useAccountLinks();
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
              <PreloadLink to={post.to} onClick={post.onClick}>
                {post.label}
              </PreloadLink>
            </li>
            <li>
              <PreloadLink to={office.to} onClick={office.onClick}>
                {office.label}
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

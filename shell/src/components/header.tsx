import { currentLocale, paths } from 'platform';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Logo } from 'shared-ui';
import { useConstants } from '../features/site/api/get-constants';
import styles from './header.module.css';
import { LanguageSwitch } from './language-switch';
import { PreloadLink } from './preload-link';

export function Header() {
  const { t } = useTranslation('shell');
  const constants = useConstants();
  const slogan = constants.data?.siteSlogan[currentLocale()];
  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to={paths.home()} className={styles.logo} aria-label={t('header.home')}>
          <Logo title={t('brand')} />
        </Link>
        <p className={styles.slogan} data-testid="site-slogan">
          {slogan ?? '\u00a0'}
        </p>
        <nav className={styles.nav} aria-label={t('header.navLabel')}>
          <PreloadLink to={paths.price()} className={styles.navLink}>
            {t('nav.price')}
          </PreloadLink>
          <PreloadLink to={paths.login('advister')} className={styles.navLink}>
            {t('nav.advertiserOffice')}
          </PreloadLink>
          <PreloadLink to={paths.login('girl')} className={styles.cta}>
            {t('nav.post')}
          </PreloadLink>
        </nav>
        <div className={styles.language}>
          <LanguageSwitch />
        </div>
      </div>
    </header>
  );
}

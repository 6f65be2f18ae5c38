import { paths, routePatterns, useLanguageSwitch } from 'platform';
import { useTranslation } from 'react-i18next';
import { Link, matchPath, Outlet, useLocation } from 'react-router-dom';
import { Logo, SegmentedSwitch } from 'shared-ui';
import { parseAccountType } from '../lib/account-type';
import { AuthArt } from './auth-art';
import styles from './auth-layout.module.css';

function useRouteAccountType() {
  const { pathname } = useLocation();
  const match = matchPath(routePatterns.login, pathname) ?? matchPath(routePatterns.register, pathname);
  return parseAccountType(match?.params.type);
}

/**
 * The page around every auth screen (the shell shows no header or footer here): the logo
 * home, the language switch in the top-right corner and the artwork beside the form.
 */
export function AuthLayout() {
  const { t } = useTranslation('auth');
  const languageSwitch = useLanguageSwitch();
  const accountType = useRouteAccountType();
  const tagline = accountType ?? 'default';
  return (
    <div className={styles.page} data-account-type={accountType ?? 'none'}>
      <header className={styles.top}>
        <Link to={paths.home()} className={styles.home} aria-label={t('layout.home')}>
          <Logo title={t('brand')} />
        </Link>
        <SegmentedSwitch {...languageSwitch} />
      </header>
      <div className={styles.body}>
        <Outlet />
      </div>
      <div className={styles.art}>
        <AuthArt className={styles.artwork} />
        <div className={styles.tagline}>
          <p className={styles.taglineTitle}>{t(`layout.taglines.${tagline}.title`)}</p>
          <p className={styles.taglineText}>{t(`layout.taglines.${tagline}.text`)}</p>
        </div>
      </div>
    </div>
  );
}

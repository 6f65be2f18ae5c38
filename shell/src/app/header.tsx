import { useSetAtom } from 'jotai';
import { paths, useSession, useUnreadCount } from 'platform';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Logo, NotificationBadge, VisuallyHidden } from 'shared-ui';
import { AccountButtons } from '../features/navigation/account-buttons';
import { AdminLink } from '../features/navigation/admin-link';
import { type MenuKind, MenuOverlay } from '../features/navigation/menu-overlay';
import { OnlineCounter } from '../features/navigation/online-counter';
import { StreamingCounter } from '../features/navigation/streaming-counter';
import { takeBootTap } from '../lib/boot-tap';
import { sessionDialogAtom } from '../lib/session-dialog';
import { useConstants } from '../features/site/api/get-constants';
import styles from './header.module.css';
import { LanguageSwitch } from '../components/language-switch';
import { PreloadLink } from '../components/preload-link';

export function Header() {
  const { t, i18n } = useTranslation('shell');
  const constants = useConstants();
  const session = useSession();
  const unread = useUnreadCount();
  const setDialog = useSetAtom(sessionDialogAtom);
  const [menu, setMenu] = useState<MenuKind | null>(null);
  const slogan = constants.data?.siteSlogan[i18n.resolvedLanguage === 'en' ? 'en' : 'ru'];
  const signedIn = session.status === 'authenticated';
  const admin = signedIn && session.profile.accountRole === 'admin';
  // A tap on the menu button before the page's scripts ran opens the menu now that they have.
  useEffect(() => {
    if (takeBootTap('menu')) setMenu('menu');
  }, []);

  return (
    <header className={styles.header}>
      <div className={admin ? `${styles.inner} ${styles.crowded}` : styles.inner}>
        <Link
          to={paths.home()}
          className={signedIn ? `${styles.logo} ${styles.logoBesideCabinet}` : styles.logo}
          aria-label={t('header.homeLink', { brand: t('brand') })}
        >
          <Logo title={t('brand')} />
        </Link>
        <p className={styles.slogan} data-testid="site-slogan">
          {slogan ?? '\u00a0'}
        </p>
        <OnlineCounter />
        <StreamingCounter />
        <nav className={styles.nav} aria-label={t('header.navLabel')}>
          <PreloadLink to={paths.price()} className={styles.navLink}>
            {t('nav.price')}
          </PreloadLink>
          <AdminLink className={styles.navLink} />
          <AccountButtons officeClassName={styles.navLink} postClassName={styles.cta} />
          {signedIn && (
            <button
              type="button"
              className={styles.textButton}
              onClick={() => setDialog({ kind: 'logout', accountType: session.profile.accountType })}
            >
              {t('logout.open')}
            </button>
          )}
        </nav>
        <div className={styles.language}>
          <LanguageSwitch />
        </div>
        {signedIn && (
          <button
            type="button"
            className={styles.iconButton}
            onClick={() => setMenu('cabinet')}
            data-testid="cabinet-button"
          >
            {/* Named by its content, not aria-label: the visible count must be part of the name. */}
            <VisuallyHidden>{t('cabinet.open')}</VisuallyHidden>
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <circle cx="12" cy="8" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
              <path d="M4 21c1.5-4 4.5-6 8-6s6.5 2 8 6" fill="none" stroke="currentColor" strokeWidth="2" />
            </svg>
            <NotificationBadge
              count={unread}
              label={t('cabinet.unread', { count: unread })}
              className={styles.badge}
            />
          </button>
        )}
        <button
          type="button"
          className={styles.iconButton}
          onClick={() => setMenu('menu')}
          aria-label={t('menu.open')}
          data-boot-tap="menu"
          data-testid="burger"
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <MenuOverlay kind={menu} onClose={() => setMenu(null)} />
    </header>
  );
}

import { CATEGORIES } from 'contracts';
import { useSetAtom } from 'jotai';
import { paths, useSession, useUnreadCount } from 'platform';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, NotificationBadge } from 'shared-ui';
import { LanguageSwitch } from '../../components/language-switch';
import { PreloadLink } from '../../components/preload-link';
import { sessionDialogAtom } from '../../lib/session-dialog';
import { AccountButtons } from './account-buttons';
import { AdminLink } from './admin-link';
import { CABINET_LINKS } from './cabinet-links';
import styles from './menu-overlay.module.css';

const Dialog = lazy(() => import('shared-ui/dialog').then((module) => ({ default: module.Dialog })));

export type MenuKind = 'menu' | 'cabinet';

/** The burger menu and the cabinet menu: full-screen panels sliding down from the top. */
export function MenuOverlay({ kind, onClose }: { kind: MenuKind | null; onClose: () => void }) {
  const { t } = useTranslation('shell');
  if (!kind) return null;
  return (
    <Suspense fallback={null}>
      <Dialog
        open
        onOpenChange={(open) => {
          if (!open) onClose();
        }}
        size="sheet"
        title={kind === 'menu' ? t('menu.title') : t('cabinet.title')}
        closeLabel={t('dialogs.close')}
      >
        {kind === 'menu' ? <SiteMenu onNavigate={onClose} /> : <CabinetMenu onNavigate={onClose} />}
      </Dialog>
    </Suspense>
  );
}

function SiteMenu({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('shell');
  const session = useSession();
  const setDialog = useSetAtom(sessionDialogAtom);
  return (
    <nav className={styles.menu} aria-label={t('menu.title')} data-testid="site-menu">
      <ul className={styles.list}>
        {CATEGORIES.map((category) => (
          <li key={category}>
            <PreloadLink to={paths.listing(category)} className={styles.item} onClick={onNavigate}>
              {t(`categories.${category}`)}
            </PreloadLink>
          </li>
        ))}
        <li>
          <PreloadLink to={paths.price()} className={styles.item} onClick={onNavigate}>
            {t('nav.price')}
          </PreloadLink>
        </li>
      </ul>
      <div className={styles.actions}>
        <AdminLink className={styles.secondary} onNavigate={onNavigate} />
        <AccountButtons
          postClassName={styles.primary}
          officeClassName={styles.secondary}
          onNavigate={onNavigate}
        />
        {session.status === 'authenticated' && (
          <Button
            variant="ghost"
            onClick={() => {
              onNavigate();
              setDialog({ kind: 'logout', accountType: session.profile.accountType });
            }}
          >
            {t('logout.open')}
          </Button>
        )}
      </div>
      <LanguageSwitch />
    </nav>
  );
}

function CabinetMenu({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('shell');
  const session = useSession();
  const unread = useUnreadCount();
  const setDialog = useSetAtom(sessionDialogAtom);
  if (session.status !== 'authenticated') return null;
  const { accountType, email, balance } = session.profile;
  return (
    <nav className={styles.menu} aria-label={t('cabinet.title')} data-testid="cabinet-menu">
      <p className={styles.account}>
        {email}
        <span>{t('cabinet.balance', { balance })}</span>
      </p>
      <ul className={styles.list}>
        {CABINET_LINKS[accountType].map((link) => (
          <li key={link.to}>
            <PreloadLink to={link.to} className={styles.item} onClick={onNavigate}>
              {t(link.labelKey)}
              {link.badge && (
                <NotificationBadge count={unread} label={t('cabinet.unread', { count: unread })} />
              )}
            </PreloadLink>
          </li>
        ))}
      </ul>
      <AdminLink className={styles.secondary} onNavigate={onNavigate} />
      <Button
        variant="secondary"
        onClick={() => {
          onNavigate();
          setDialog({ kind: 'logout', accountType });
        }}
      >
        {t('logout.open')}
      </Button>
    </nav>
  );
}

import { formatRubles, PROMO_HASH, topUpAtom, useBalance } from 'account-ui';
import { useAtom } from 'jotai';
import { useUnreadCount } from 'platform';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Button, NotificationBadge, Skeleton } from 'shared-ui';
import { isCurrent, OFFICE_NAV } from './office-nav';
import styles from './office-layout.module.css';

// Dialogs load Radix and their forms only when opened.
const TopUpDialog = lazy(() => import('account-ui/top-up').then((m) => ({ default: m.TopUpDialog })));
const PromoDialog = lazy(() => import('account-ui/bonuses').then((m) => ({ default: m.PromoDialog })));

/** The office's frame: the menu (desktop sidebar), the balance with top-up, the screen, and its dialogs. */
export function OfficeLayout() {
  const { t } = useTranslation('advertiserOffice');
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const unread = useUnreadCount();
  const [topUp, setTopUp] = useAtom(topUpAtom);
  const promoOpen = hash === PROMO_HASH;

  return (
    <div className={styles.layout}>
      <aside className={styles.sidebar}>
        <BalanceCard onTopUp={() => setTopUp({})} />
        <nav aria-label={t('nav.label')} className={styles.nav}>
          <ul>
            {OFFICE_NAV.map((item) => {
              const current = isCurrent(item, pathname);
              return (
                <li key={item.key}>
                  <Link
                    to={item.to === PROMO_HASH ? { pathname, search, hash: PROMO_HASH } : item.to}
                    className={styles.navItem}
                    aria-current={current ? 'page' : undefined}
                    data-testid={`office-nav-${item.key}`}
                  >
                    {t(`nav.${item.key}`)}
                    {item.badge && (
                      <NotificationBadge count={unread} label={t('nav.unread', { count: unread })} />
                    )}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
      </aside>
      <div className={styles.content}>
        <div className={styles.mobileBalance}>
          <BalanceCard onTopUp={() => setTopUp({})} compact />
        </div>
        <Outlet />
      </div>
      <Suspense fallback={null}>
        {topUp && <TopUpDialog request={topUp} onClose={() => setTopUp(null)} />}
        {promoOpen && <PromoDialog onClose={() => navigate({ pathname, search }, { replace: true })} />}
      </Suspense>
    </div>
  );
}

function BalanceCard({ onTopUp, compact = false }: { onTopUp: () => void; compact?: boolean }) {
  const { t } = useTranslation('advertiserOffice');
  const balance = useBalance();
  return (
    <section
      className={compact ? styles.balanceCompact : styles.balance}
      aria-label={t('balance.label')}
      data-testid={compact ? undefined : 'office-balance'}
    >
      <p className={styles.balanceText}>
        <span>{t('balance.label')}</span>
        {balance === null ? (
          <Skeleton width="6em" height="1.25em" />
        ) : (
          <strong className={styles.balanceAmount}>{formatRubles(balance)}</strong>
        )}
      </p>
      <Button size="sm" onClick={onTopUp}>
        {t('balance.topUp')}
      </Button>
    </section>
  );
}

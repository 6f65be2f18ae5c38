import { useAtom } from 'jotai';
import { useUnreadCount } from 'platform';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Button, NotificationBadge, Skeleton } from 'shared-ui';
import { useBalance } from '../lib/balance';
import { PROMO_HASH, topUpAtom } from '../lib/dialogs';
import { formatRubles } from '../lib/format';
import type { AreaNavItem } from '../lib/area-nav';
import styles from './area-frame.module.css';
import { AreaNav } from './area-nav';

// Dialogs load Radix and their forms only when opened.
const TopUpDialog = lazy(() => import('../top-up').then((m) => ({ default: m.TopUpDialog })));
const PromoDialog = lazy(() => import('../bonuses').then((m) => ({ default: m.PromoDialog })));

export interface AreaFrameProps {
  /** The area's menu, in order. */
  nav: readonly AreaNavItem[];
  /** The area's i18n namespace: it holds `nav.*` (a label per item, `label`, `unread`) and `balance.*`. */
  namespace: string;
  /** Prefix of the test ids (`<prefix>-nav-<key>`, `<prefix>-balance`) the area's journeys use. */
  testIdPrefix: string;
}

/**
 * A signed-in area's frame (the model's cabinet, the advertiser's office): the menu (desktop
 * sidebar), the balance with top-up, the screen, and its dialogs.
 */
export function AreaFrame({ nav, namespace, testIdPrefix }: AreaFrameProps) {
  const { t } = useTranslation(namespace);
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const unread = useUnreadCount();
  const [topUp, setTopUp] = useAtom(topUpAtom);
  const promoOpen = hash === PROMO_HASH;

  return (
    <div className={styles.layout}>
      <aside className={styles.sidebar}>
        <BalanceCard namespace={namespace} testId={`${testIdPrefix}-balance`} onTopUp={() => setTopUp({})} />
        <AreaNav
          items={nav}
          namespace={namespace}
          testIdPrefix={testIdPrefix}
          badge={(item) =>
            item.badge && <NotificationBadge count={unread} label={t('nav.unread', { count: unread })} />
          }
        />
      </aside>
      <div className={styles.content}>
        <div className={styles.mobileBalance}>
          <BalanceCard namespace={namespace} onTopUp={() => setTopUp({})} compact />
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

interface BalanceCardProps {
  namespace: string;
  onTopUp: () => void;
  /** The phone's bar above the screen (the sidebar's card carries the test id). */
  compact?: boolean;
  testId?: string;
}

function BalanceCard({ namespace, onTopUp, compact = false, testId }: BalanceCardProps) {
  const { t } = useTranslation(namespace);
  const balance = useBalance();
  return (
    <section
      className={compact ? styles.balanceCompact : styles.balance}
      aria-label={t('balance.label')}
      data-testid={testId}
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

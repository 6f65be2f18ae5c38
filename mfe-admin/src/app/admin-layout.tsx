import { AreaNav } from 'account-ui';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { NotificationBadge } from 'shared-ui';
import { useCounts } from '../api/get-counts';
import { ADMIN_NAV } from './admin-nav';
import styles from './admin-layout.module.css';

/**
 * The administration's frame: the menu with what waits in each queue (a sidebar on a desktop, a
 * row that scrolls sideways above the screen on a phone), and the screen.
 */
export function AdminLayout() {
  const { t } = useTranslation('admin');
  const counts = useCounts().data;

  return (
    <div className={styles.layout}>
      <AreaNav
        items={ADMIN_NAV}
        namespace="admin"
        testIdPrefix="admin"
        className={styles.nav}
        badge={(item) => {
          if (!item.count) return null;
          const count = counts ? counts[item.count] : 0;
          return <NotificationBadge count={count} label={t('nav.waiting', { count })} />;
        }}
      />
      <div className={styles.content}>
        <Outlet />
      </div>
    </div>
  );
}

import { isCurrent } from 'account-ui';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router-dom';
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
  const { pathname } = useLocation();
  const counts = useCounts().data;

  return (
    <div className={styles.layout}>
      <nav aria-label={t('nav.label')} className={styles.nav}>
        <ul>
          {ADMIN_NAV.map((item) => {
            const count = item.count && counts ? counts[item.count] : 0;
            return (
              <li key={item.key}>
                <Link
                  to={item.to}
                  className={styles.navItem}
                  aria-current={isCurrent(item, pathname) ? 'page' : undefined}
                  data-testid={`admin-nav-${item.key}`}
                >
                  {t(`nav.${item.key}`)}
                  {item.count && <NotificationBadge count={count} label={t('nav.waiting', { count })} />}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className={styles.content}>
        <Outlet />
      </div>
    </div>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { type AreaNavItem, isCurrent } from '../lib/area-nav';
import { PROMO_HASH } from '../lib/dialogs';
import styles from './area-nav.module.css';

export interface AreaNavProps<Item extends AreaNavItem> {
  items: readonly Item[];
  /** The area's i18n namespace: it holds `nav.label` and a `nav.<key>` label per item. */
  namespace: string;
  /** Prefix of the items' test ids (`<prefix>-nav-<key>`) the area's journeys use. */
  testIdPrefix: string;
  /** The slot after an item's label: what waits there (unread notifications, a queue's count). */
  badge?: (item: Item) => ReactNode;
  className?: string;
}

/** A signed-in area's menu: one link per item, the current one marked, each with its badge slot. */
export function AreaNav<Item extends AreaNavItem>({
  items,
  namespace,
  testIdPrefix,
  badge,
  className,
}: AreaNavProps<Item>) {
  const { t } = useTranslation(namespace);
  const { pathname, search } = useLocation();
  return (
    <nav aria-label={t('nav.label')} className={className ? `${styles.nav} ${className}` : styles.nav}>
      <ul>
        {items.map((item) => (
          <li key={item.key}>
            <Link
              to={item.to === PROMO_HASH ? { pathname, search, hash: PROMO_HASH } : item.to}
              className={styles.navItem}
              aria-current={isCurrent(item, pathname) ? 'page' : undefined}
              data-testid={`${testIdPrefix}-nav-${item.key}`}
            >
              {t(`nav.${item.key}`)}
              {badge?.(item)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

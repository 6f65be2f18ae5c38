import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { cx } from '../../lib/cx';
import styles from './pill-nav.module.css';

export interface PillNavItem {
  key: string;
  label: ReactNode;
  current: boolean;
}

/** What the app's link component receives: shared-ui knows no router. */
export interface PillLinkRenderProps {
  className: string;
  'aria-current': 'page' | undefined;
  children: ReactNode;
}

export interface PillNavProps extends ComponentPropsWithoutRef<'nav'> {
  items: readonly PillNavItem[];
  renderLink: (item: PillNavItem, props: PillLinkRenderProps) => ReactNode;
  /** Extra class of the list, for the layout around it (width, padding). */
  listClassName?: string;
}

/** A row of pill links (the category bar); the current one is marked `aria-current="page"`. */
export function PillNav({ items, renderLink, listClassName, ...navProps }: PillNavProps) {
  return (
    <nav {...navProps}>
      <ul className={cx(styles.list, listClassName)}>
        {items.map((item) => (
          <li key={item.key}>
            {renderLink(item, {
              className: styles.pill ?? '',
              'aria-current': item.current ? 'page' : undefined,
              children: item.label,
            })}
          </li>
        ))}
      </ul>
    </nav>
  );
}

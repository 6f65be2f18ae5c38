import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/use-page-title';
import styles from './page-header.module.css';

/** An office screen's heading (also the tab's title) with optional actions on the right. */
export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  usePageTitle(title);
  return (
    <header className={styles.header}>
      <h1 className={styles.title}>{title}</h1>
      {actions && <div className={styles.actions}>{actions}</div>}
    </header>
  );
}

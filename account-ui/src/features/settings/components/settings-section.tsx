import type { ReactNode } from 'react';
import { Card } from 'shared-ui';
import styles from './settings-page.module.css';

/** One setting: a titled card holding its own form. */
export function SettingsSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Card as="section" aria-labelledby={id} className={styles.section}>
      <div className={styles.sectionHead}>
        <h2 id={id} className={styles.sectionTitle}>
          {title}
        </h2>
        {description && <p className={styles.sectionDescription}>{description}</p>}
      </div>
      {children}
    </Card>
  );
}

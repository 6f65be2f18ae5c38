import { type ReactNode, useId } from 'react';
import { Card } from 'shared-ui';
import styles from './auth-card.module.css';

/** The card every auth screen sits in: its heading, a line under it, the form and links below. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const titleId = useId();
  return (
    <Card as="section" padding="none" className={styles.card} aria-labelledby={titleId}>
      <div className={styles.head}>
        <h1 id={titleId} className={styles.title}>
          {title}
        </h1>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
      </div>
      {children}
      {footer && <div className={styles.footer}>{footer}</div>}
    </Card>
  );
}

import type { ReactNode } from 'react';
import { Card } from 'shared-ui';
import styles from './section-card.module.css';

export interface SectionCardProps {
  /** The heading's id: it names the section for assistive technology. */
  id: string;
  title: ReactNode;
  /** Beside the heading (a filter, a "show as table" switch, a link), wrapping below it on a phone. */
  actions?: ReactNode;
  children: ReactNode;
}

/** A titled part of a screen on a card: the heading, its actions beside it, then the content. */
export function SectionCard({ id, title, actions, children }: SectionCardProps) {
  const heading = <h2 id={id}>{title}</h2>;
  return (
    <Card as="section" aria-labelledby={id} className={styles.section}>
      {actions ? (
        <div className={styles.header}>
          {heading}
          {actions}
        </div>
      ) : (
        heading
      )}
      {children}
    </Card>
  );
}

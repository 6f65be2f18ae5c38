import type { ReactNode } from 'react';
import { cx } from '../../lib/cx';
import { VisuallyHidden } from '../visually-hidden/visually-hidden';
import styles from './badge.module.css';

export type BadgeVariant = 'top' | 'video' | 'online' | 'neutral';

export interface BadgeProps {
  variant?: BadgeVariant;
  children: ReactNode;
  className?: string;
}

export function Badge({ variant = 'neutral', children, className }: BadgeProps) {
  return (
    <span className={cx(styles.badge, styles[variant], className)}>
      {variant === 'online' && <span className={styles.dot} aria-hidden="true" />}
      {children}
    </span>
  );
}

/** Counts above this show as "99+" (PRODUCT_SPEC section 9). */
export const BADGE_CAP = 99;

/** The text a count badge shows, or null when there is nothing to show. */
export function formatBadgeCount(count: number, cap: number = BADGE_CAP): string | null {
  if (count <= 0) return null;
  return count > cap ? `${cap}+` : String(count);
}

export interface NotificationBadgeProps {
  count: number;
  /**
   * Full phrase for screen readers, e.g. "5 unread notifications"; the bare number is then
   * hidden from them. Leave it out when the surrounding control already says it.
   */
  label?: string;
  className?: string;
}

export function NotificationBadge({ count, label, className }: NotificationBadgeProps) {
  const text = formatBadgeCount(count);
  if (text === null) return null;
  return (
    <span className={cx(styles.count, className)}>
      <span aria-hidden={label ? true : undefined}>{text}</span>
      {label && <VisuallyHidden>{label}</VisuallyHidden>}
    </span>
  );
}

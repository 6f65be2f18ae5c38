import { cx } from '../../lib/cx';
import { VisuallyHidden } from '../visually-hidden/visually-hidden';
import styles from './spinner.module.css';

export type SpinnerSize = 'sm' | 'md' | 'lg';

export interface SpinnerProps {
  size?: SpinnerSize;
  /** Announced as a status when given; without it the spinner is decoration beside a busy element. */
  label?: string;
  className?: string;
}

export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  const circle = (
    <svg
      className={cx(styles.spinner, styles[size])}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <circle className={styles.track} cx="12" cy="12" r="9" />
      <circle className={styles.arc} cx="12" cy="12" r="9" />
    </svg>
  );
  if (!label) return <span className={cx(styles.root, className)}>{circle}</span>;
  return (
    <output className={cx(styles.root, className)}>
      {circle}
      <VisuallyHidden>{label}</VisuallyHidden>
    </output>
  );
}

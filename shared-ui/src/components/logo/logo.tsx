import { useId } from 'react';
import { cx } from '../../lib/cx';
import styles from './logo.module.css';

export type LogoSize = 'sm' | 'md' | 'lg';

export interface LogoProps {
  /** The site name: shown as the wordmark and used as the logo's accessible name. */
  title: string;
  size?: LogoSize;
  /** Only the emblem, for tight headers; the title still names it. */
  emblemOnly?: boolean;
  className?: string;
}

/** Our own mark: a three-point crown with gem tips on a plum medallion. */
export function Logo({ title, size = 'md', emblemOnly = false, className }: LogoProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const gradientId = `${id}-gradient`;
  return (
    <span className={cx(styles.logo, styles[size], className)}>
      <svg className={styles.emblem} viewBox="0 0 40 40" role="img" aria-labelledby={titleId}>
        <title id={titleId}>{title}</title>
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#a2356f" />
            <stop offset="1" stopColor="#5a1239" />
          </linearGradient>
        </defs>
        <circle cx="20" cy="20" r="20" fill={`url(#${gradientId})`} />
        <circle cx="20" cy="20" r="16.5" fill="none" stroke="#f3d9e6" strokeOpacity="0.35" />
        <path
          d="M11.5 26.5 13 16l4.6 5.2L20 12.5l2.4 8.7L27 16l1.5 10.5z"
          fill="#fff5f9"
          strokeLinejoin="round"
        />
        <rect x="11.5" y="28" width="17" height="2.4" rx="1.2" fill="#fff5f9" />
        <circle cx="13" cy="14.6" r="1.4" fill="#f1c27d" />
        <circle cx="20" cy="11" r="1.6" fill="#f1c27d" />
        <circle cx="27" cy="14.6" r="1.4" fill="#f1c27d" />
      </svg>
      {/* The emblem already carries the name, so the visible wordmark is not read twice. */}
      {!emblemOnly && (
        <span className={styles.wordmark} aria-hidden="true">
          {title}
        </span>
      )}
    </span>
  );
}

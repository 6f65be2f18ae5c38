import { cx } from '../../lib/cx';
import styles from './skeleton.module.css';

type Length = number | string;

export interface SkeletonProps {
  /** Numbers are pixels; strings are any CSS length. Left out, the size comes from CSS. */
  width?: Length;
  height?: Length;
  radius?: Length;
  /** A class may size the block instead, e.g. with aspect-ratio for a photo placeholder. */
  className?: string;
}

// Placeholders are hidden from assistive technology: the region being loaded should carry
// aria-busy, so a screen reader hears one "busy" rather than a list of empty shapes.
export function Skeleton({ width, height, radius, className }: SkeletonProps) {
  return (
    <span
      aria-hidden="true"
      className={cx(styles.skeleton, className)}
      style={{ width, height, borderRadius: radius }}
    />
  );
}

export interface SkeletonTextProps {
  lines?: number;
  className?: string;
}

/** A paragraph placeholder; the last line is shorter so it reads as text. */
export function SkeletonText({ lines = 3, className }: SkeletonTextProps) {
  return (
    <span aria-hidden="true" className={cx(styles.text, className)}>
      {Array.from({ length: lines }, (_, index) => (
        // Lines are identical and never reorder, so their position is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Skeleton key={index} width={index === lines - 1 && lines > 1 ? '60%' : '100%'} height="0.875em" />
      ))}
    </span>
  );
}

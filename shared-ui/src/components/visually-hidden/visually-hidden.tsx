import type { ComponentProps } from 'react';
import { cx } from '../../lib/cx';
import styles from './visually-hidden.module.css';

export type VisuallyHiddenProps = ComponentProps<'span'>;

/** Text for screen readers only, e.g. a heading a sighted user infers from the layout. */
export function VisuallyHidden({ className, ...rest }: VisuallyHiddenProps) {
  return <span className={cx(styles.root, className)} {...rest} />;
}

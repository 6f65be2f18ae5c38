import type { HTMLAttributes } from 'react';
import { cx } from '../../lib/cx';
import styles from './card.module.css';

export type CardPadding = 'none' | 'sm' | 'md' | 'lg';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  /** 'article' for self-contained items (a profile in a list), 'section' for a titled part of a page. */
  as?: 'article' | 'section' | 'div';
  padding?: CardPadding;
}

export function Card({ as: Element = 'div', padding = 'md', className, ...rest }: CardProps) {
  return <Element {...rest} className={cx(styles.card, styles[`padding-${padding}`], className)} />;
}

import type { HTMLAttributes } from 'react';

export interface ScrollRegionProps extends Omit<HTMLAttributes<HTMLElement>, 'aria-label' | 'tabIndex'> {
  /** 'section' for a box on a page (a wide table, a strip of photos), 'ol' for a list that scrolls (a chat's lines). */
  as?: 'section' | 'ol';
  /** What the box holds, as a screen reader announces it when the box takes focus. */
  label: string;
}

/**
 * A box whose content scrolls inside it: it takes focus, so a keyboard can scroll it (WCAG 2.1.1,
 * axe's scrollable-region-focusable) and shows the focus ring every control has (global.css), and
 * it has a name, so a screen reader says what it is. Its size and overflow come from `className`.
 */
export function ScrollRegion({ as: Element = 'section', label, ...rest }: ScrollRegionProps) {
  return <Element {...rest} aria-label={label} tabIndex={0} />;
}

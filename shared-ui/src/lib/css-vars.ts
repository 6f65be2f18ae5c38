import type { CSSProperties } from 'react';

/** Inline style that may also set CSS custom properties, which React's CSSProperties does not list. */
export type StyleWithVars = CSSProperties & Record<`--${string}`, string | number | undefined>;

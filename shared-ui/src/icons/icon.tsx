import type { ReactNode, SVGProps } from 'react';

export interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'children'> {
  /** Width and height in pixels; icons scale with the text when left as 1em. */
  size?: number | string;
}

interface IconBaseProps extends IconProps {
  children: ReactNode;
}

/**
 * Icons are decorative: the control around them carries the accessible name, so a screen
 * reader never reads an icon and its label twice.
 */
export function IconBase({ size = '1em', children, ...rest }: IconBaseProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.75}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...rest}
    >
      {children}
    </svg>
  );
}

import { type IconProps, IconBase } from './icon';

/** A heart outline: personal, warm, nothing more. */
export function IndividualIcon(props: IconProps) {
  return (
    <IconBase {...props}>
      <path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7a4.3 4.3 0 0 1 7.5 2.8C19.5 15.4 12 20 12 20z" />
    </IconBase>
  );
}

/** A lotus: calm and wellness. */
export function MassageIcon(props: IconProps) {
  return (
    <IconBase {...props}>
      <path d="M12 4.5c1.9 2.2 2.9 4.6 2.9 7S13.6 15.8 12 17c-1.6-1.2-2.9-3.1-2.9-5.5s1-4.8 2.9-7z" />
      <path d="M12 17c-3.4 0-6.8-1.6-8.5-5.2 2.6-.5 5 .1 6.6 1.6M12 17c3.4 0 6.8-1.6 8.5-5.2-2.6-.5-5 .1-6.6 1.6" />
      <path d="M5.5 20h13" />
    </IconBase>
  );
}

/** A cut gem. */
export function EliteIcon(props: IconProps) {
  return (
    <IconBase {...props}>
      <path d="M6.5 4.5h11L21 9.5l-9 10.5L3 9.5z" />
      <path d="M3 9.5h18M10 4.5l-1.5 5L12 20l3.5-10.5-1.5-5" />
    </IconBase>
  );
}

/** A masquerade mask. */
export function BdsmIcon(props: IconProps) {
  return (
    <IconBase {...props}>
      <path d="M2.5 8.5c3.2-1.6 6.4-1.6 9.5 0 3.1-1.6 6.3-1.6 9.5 0 0 5-2.6 8-5.6 8-1.8 0-3-1.1-3.9-2.6-.9 1.5-2.1 2.6-3.9 2.6-3 0-5.6-3-5.6-8z" />
      <path d="M5.8 11.2c.8-.9 2.6-.9 3.4 0M14.8 11.2c.8-.9 2.6-.9 3.4 0" />
    </IconBase>
  );
}

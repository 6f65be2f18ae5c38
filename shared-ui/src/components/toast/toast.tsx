import { Toaster as SonnerToaster, type ToasterProps as SonnerToasterProps } from 'sonner';
import type { StyleWithVars } from '../../lib/css-vars';
import styles from './toast.module.css';

export { toast } from 'sonner';

export interface ToasterProps {
  /** Accessible name of the notifications region (sonner's own default is English). */
  label: string;
  /** Accessible name of each toast's close button. */
  closeLabel: string;
  position?: SonnerToasterProps['position'];
  /** Milliseconds a toast stays on screen. */
  duration?: number;
}

// Sonner themes itself through its own custom properties on an attribute selector that a class
// cannot outrank, so the tokens are mapped inline.
const themeStyle: StyleWithVars = {
  '--normal-bg': 'var(--color-surface)',
  '--normal-border': 'var(--color-border)',
  '--normal-text': 'var(--color-text)',
  '--success-bg': 'var(--color-success-soft)',
  '--success-border': 'var(--color-success)',
  '--success-text': 'var(--color-success)',
  '--error-bg': 'var(--color-danger-soft)',
  '--error-border': 'var(--color-danger)',
  '--error-text': 'var(--color-danger)',
  '--warning-bg': 'var(--color-warning-soft)',
  '--warning-border': 'var(--color-warning)',
  '--warning-text': 'var(--color-warning)',
  '--border-radius': 'var(--radius-md)',
  fontFamily: 'var(--font-family-base)',
  zIndex: 'var(--z-toast)',
};

/** Mount once per app shell; `toast.success(...)` / `toast.error(...)` then show messages. */
export function Toaster({ label, closeLabel, position = 'top-center', duration }: ToasterProps) {
  return (
    <SonnerToaster
      position={position}
      duration={duration}
      richColors
      closeButton
      customAriaLabel={label}
      style={themeStyle}
      toastOptions={{
        closeButtonAriaLabel: closeLabel,
        className: styles.toast,
        style: { boxShadow: 'var(--shadow-md)', fontSize: 'var(--font-size-sm)' },
      }}
    />
  );
}

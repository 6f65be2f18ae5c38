import * as DialogPrimitive from '@radix-ui/react-dialog';
import { type ReactNode, useRef } from 'react';
import { CloseIcon } from '../../icons/ui-icons';
import { cx } from '../../lib/cx';
import { isMobile } from '../../lib/mobile';
import styles from './dialog.module.css';

/** `sheet`: a full-screen panel sliding down from the top (the mobile menus). */
export type DialogSize = 'sm' | 'md' | 'lg' | 'sheet';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** Accessible name of the close (×) button. */
  closeLabel: string;
  children?: ReactNode;
  footer?: ReactNode;
  /**
   * When false, nothing inside is focused on open. On mobile (the spec's detection, `isMobile`)
   * nothing is, whatever this says: focusing an input would pop the on-screen keyboard over the
   * dialog. The rule lives here so that no dialog can forget it.
   */
  autoFocus?: boolean;
  size?: DialogSize;
  className?: string;
}

export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  closeLabel,
  children,
  footer,
  autoFocus = true,
  size = 'md',
  className,
}: DialogProps) {
  const contentRef = useRef<HTMLDivElement>(null);
  const returnFocusRef = useRef<Element | null>(null);

  function handleOpenAutoFocus(event: Event) {
    returnFocusRef.current = document.activeElement;
    if (autoFocus && !isMobile()) return;
    event.preventDefault();
    // Focus must still enter the dialog, or the focus trap and screen readers stay on the page
    // behind it; the container itself is focusable without opening a keyboard.
    contentRef.current?.focus();
  }

  function handleCloseAutoFocus(event: Event) {
    // Radix returns focus to its own Trigger, which a controlled dialog does not use; without
    // this, focus would fall to <body> and keyboard users would lose their place.
    event.preventDefault();
    const opener = returnFocusRef.current;
    if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
  }

  // Radix warns when a dialog has no description unless aria-describedby is set to undefined.
  const describedBy = description ? {} : { 'aria-describedby': undefined };

  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={styles.overlay} />
        <DialogPrimitive.Content
          ref={contentRef}
          className={cx(styles.content, styles[size], className)}
          onOpenAutoFocus={handleOpenAutoFocus}
          onCloseAutoFocus={handleCloseAutoFocus}
          {...describedBy}
        >
          <header className={styles.header}>
            <DialogPrimitive.Title className={styles.title}>{title}</DialogPrimitive.Title>
            <DialogPrimitive.Close className={styles.close} aria-label={closeLabel}>
              <CloseIcon />
            </DialogPrimitive.Close>
          </header>
          {description && (
            <DialogPrimitive.Description className={styles.description}>
              {description}
            </DialogPrimitive.Description>
          )}
          {children && <div className={styles.body}>{children}</div>}
          {footer && <footer className={styles.footer}>{footer}</footer>}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

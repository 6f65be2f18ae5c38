import type { ReactNode } from 'react';
import { Button } from '../button/button';
import { Dialog } from '../dialog/dialog';

export interface ConfirmDialogAction {
  label: string;
  onClick: () => void;
}

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  /** A third choice, e.g. "change account" beside "exit" in the logout confirmation. */
  secondaryAction?: ConfirmDialogAction;
  /** 'danger' for destructive confirmations such as deleting a campaign. */
  tone?: 'primary' | 'danger';
  /** Keeps the dialog open with a busy confirm button while the app's request runs. */
  loading?: boolean;
  autoFocus?: boolean;
}

/**
 * Stays open after a choice: the app closes it through onOpenChange once its work is done,
 * so a failed request can leave the question on screen.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  secondaryAction,
  tone = 'primary',
  loading = false,
  autoFocus,
}: ConfirmDialogProps) {
  const footer = (
    <>
      <Button variant="ghost" onClick={() => onOpenChange(false)} disabled={loading}>
        {cancelLabel}
      </Button>
      {secondaryAction && (
        <Button variant="secondary" onClick={secondaryAction.onClick} disabled={loading}>
          {secondaryAction.label}
        </Button>
      )}
      <Button variant={tone} onClick={onConfirm} loading={loading}>
        {confirmLabel}
      </Button>
    </>
  );
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      closeLabel={cancelLabel}
      footer={footer}
      autoFocus={autoFocus}
      size="sm"
    />
  );
}

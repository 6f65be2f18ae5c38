// Dialogs pull in Radix's focus and scroll management; apps load them only where a dialog can open.
export type { ConfirmDialogAction, ConfirmDialogProps } from './components/confirm-dialog/confirm-dialog';
export { ConfirmDialog } from './components/confirm-dialog/confirm-dialog';
export type { DialogProps, DialogSize } from './components/dialog/dialog';
export { Dialog } from './components/dialog/dialog';

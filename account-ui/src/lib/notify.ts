/** A toast through the shell's toaster; the toast module loads only when one is shown. */
export function notify(kind: 'success' | 'error', message: string): void {
  void import('shared-ui/toast').then(({ toast }) =>
    kind === 'success' ? toast.success(message) : toast.error(message),
  );
}

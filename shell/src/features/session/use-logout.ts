import { type LogoutTarget, logout } from 'platform';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/** Logout with the toasts of the spec; the toaster module loads only when a toast shows. */
export function useLogout(): (target: LogoutTarget) => Promise<void> {
  const { t } = useTranslation('shell');
  return useCallback(
    (target: LogoutTarget) =>
      logout(target, {
        navigate: (url) => window.location.assign(url),
        notify: (result) => {
          const message = result === 'success' ? t('logout.success') : t('logout.failure');
          void import('shared-ui/toast').then(({ toast }) =>
            result === 'success' ? toast.success(message) : toast.error(message),
          );
        },
      }),
    [t],
  );
}

import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SessionDialog } from '../../lib/session-dialog';
import { useLogout } from './use-logout';

// Dialogs load with their first opening: Radix's focus and scroll management stay off the first paint.
const ConfirmDialog = lazy(() =>
  import('shared-ui/dialog').then((module) => ({ default: module.ConfirmDialog })),
);

export function SessionDialogs({ dialog, onClose }: { dialog: SessionDialog | null; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const logout = useLogout();
  const [busy, setBusy] = useState(false);
  if (!dialog) return null;

  const run = async (target: '/login/girl' | '/login/advister' | '/') => {
    setBusy(true);
    await logout(target);
  };
  const common = {
    open: true,
    onOpenChange: (open: boolean) => {
      if (!open && !busy) onClose();
    },
    cancelLabel: t('dialogs.cancel'),
    loading: busy,
  };

  return (
    <Suspense fallback={null}>
      {dialog.kind === 'logout' ? (
        <ConfirmDialog
          {...common}
          title={t('logout.title')}
          description={t('logout.description')}
          confirmLabel={t('logout.exit')}
          onConfirm={() => void run('/')}
          secondaryAction={{
            label: t('logout.changeAccount'),
            onClick: () => void run(dialog.accountType === 'advister' ? '/login/advister' : '/login/girl'),
          }}
        />
      ) : (
        <ConfirmDialog
          {...common}
          title={t('roleSwitch.title')}
          description={t(dialog.to === 'advister' ? 'roleSwitch.toAdvister' : 'roleSwitch.toGirl')}
          confirmLabel={t('roleSwitch.confirm')}
          onConfirm={() => void run(dialog.to === 'advister' ? '/login/advister' : '/login/girl')}
        />
      )}
    </Suspense>
  );
}

import { notify } from 'account-ui';
import type { AdminProfile } from 'contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'shared-ui';
import { ConfirmDialog } from 'shared-ui/dialog';
import { useBlockComplaintProfile } from '../api/block-complaint-profile';
import { useDismissComplaints } from '../api/dismiss-complaints';
import { messageOf } from '../model/api-message';
import { BlockDialog } from './block-dialog';
import styles from './complaints.module.css';

/**
 * Dismiss the open complaints (asked first) or block the profile (with the comment its owner
 * reads); `onDone` follows a success, after its toast.
 */
export function ComplaintActions({
  profile,
  count,
  onDone,
}: {
  profile: AdminProfile;
  count: number;
  onDone?: () => void;
}) {
  const { t } = useTranslation('admin');
  const dismiss = useDismissComplaints();
  const block = useBlockComplaintProfile();
  const [dialog, setDialog] = useState<'dismiss' | 'block' | null>(null);

  async function dismissNow() {
    try {
      await dismiss.mutateAsync(profile.id);
      setDialog(null);
      notify('success', t('complaints.toasts.dismissed', { name: profile.name }));
      onDone?.();
    } catch (error) {
      notify('error', messageOf(error, t('complaints.errors.dismiss')));
    }
  }

  async function blockNow(reason: string) {
    try {
      await block.mutateAsync({ id: profile.id, reason });
      setDialog(null);
      notify('success', t('complaints.toasts.blocked', { name: profile.name }));
      onDone?.();
    } catch (error) {
      notify('error', messageOf(error, t('complaints.errors.block')));
    }
  }

  return (
    <div className={styles.actions}>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => setDialog('dismiss')}
        aria-label={t('complaints.dismissNamed', { name: profile.name })}
      >
        {t('complaints.dismiss')}
      </Button>
      {!profile.isBlocked && (
        <Button
          variant="danger"
          size="sm"
          onClick={() => setDialog('block')}
          aria-label={t('complaints.blockNamed', { name: profile.name })}
        >
          {t('complaints.blockAction')}
        </Button>
      )}
      {dialog === 'dismiss' && (
        <ConfirmDialog
          open
          onOpenChange={(open) => {
            if (!open && !dismiss.isPending) setDialog(null);
          }}
          title={t('complaints.confirmDismiss.title', { name: profile.name })}
          description={
            profile.heldAt
              ? t('complaints.confirmDismiss.held', { count })
              : t('complaints.confirmDismiss.text', { count })
          }
          confirmLabel={t('complaints.confirmDismiss.confirm')}
          cancelLabel={t('common.cancel')}
          loading={dismiss.isPending}
          onConfirm={() => void dismissNow()}
        />
      )}
      {dialog === 'block' && (
        <BlockDialog
          name={profile.name}
          loading={block.isPending}
          onBlock={(reason) => void blockNow(reason)}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}

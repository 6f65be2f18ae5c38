import { formatRubles } from 'account-ui';
import { hasApprovedVersion, type OwnProfile, ownerActions } from 'contracts';
import { useTranslation } from 'react-i18next';
import { Button, Card } from 'shared-ui';
import styles from './editor-form.module.css';

/** Whether sending now charges the first month (a profile never listed and not paid yet). */
export const firstMonthDue = (profile: OwnProfile) =>
  !hasApprovedVersion(profile.status) && profile.prepaidMonths === 0;

/** Send for moderation (or resend), with its price when it costs; the problem of the last try. */
export function SendPanel({
  profile,
  sending,
  problem,
}: {
  profile: OwnProfile | null;
  sending: boolean;
  problem: string | null;
}) {
  const { t } = useTranslation('modelCabinet');
  // The status decides whether there is a send button; `actions` says whether it would pass now
  // (whole form, a file, a change). A press that would not pass gets the server's reason, e.g.
  // "change at least one field", instead of a button that silently is not there.
  const canSend = !profile || ownerActions(profile.status, profile.review).includes('submit');
  const ready = profile?.actions.includes('submit') ?? false;
  const rejected = profile?.status === 'rejected' || profile?.review === 'rejected';
  const charged = profile !== null && firstMonthDue(profile);
  const label = rejected
    ? t('editor.send.resend')
    : charged
      ? t('editor.send.sendPaid', { price: formatRubles(profile.monthPrice) })
      : t('editor.send.send');
  const note = !profile
    ? t('editor.send.noteNew')
    : !canSend
      ? t(profile.status === 'cancel' ? 'editor.send.noteBlocked' : 'editor.send.notePending')
      : charged
        ? t('editor.send.notePaid', { price: formatRubles(profile.monthPrice) })
        : ready
          ? t('editor.send.noteFree')
          : t('editor.send.noteNotReady');
  return (
    <Card as="section" aria-labelledby="editor-send-title" className={styles.sendPanel}>
      <h2 id="editor-send-title" className={styles.sendTitle}>
        {t('editor.send.title')}
      </h2>
      <p className={styles.note}>{note}</p>
      {problem && (
        <p role="alert" className={styles.problem}>
          {problem}
        </p>
      )}
      {canSend && (
        <div className={styles.sendActions}>
          <Button type="submit" size="lg" loading={sending}>
            {label}
          </Button>
        </div>
      )}
    </Card>
  );
}

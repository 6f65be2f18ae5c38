import type { OwnProfile } from 'contracts';
import { useTranslation } from 'react-i18next';
import styles from './profile-status-banner.module.css';

type Tone = 'success' | 'neutral' | 'warning' | 'danger';

const TONE: Record<OwnProfile['status'], Tone> = {
  published: 'success',
  active: 'success',
  unactive: 'neutral',
  pending: 'warning',
  cancel: 'danger',
  expired: 'neutral',
  draft: 'neutral',
  saved: 'neutral',
  rejected: 'danger',
};

/** The profile's status at the top of the editor, and why moderation refused it or it is blocked. */
export function ProfileStatusBanner({ profile }: { profile: OwnProfile }) {
  const { t } = useTranslation('modelCabinet');
  const reason = profile.status === 'cancel' ? profile.blockReason : profile.rejectReason;
  return (
    <section aria-label={t('editor.statusLabel')} className={styles.banner}>
      <p className={styles.line}>
        <span>{t('editor.statusLabel')}:</span>
        <span className={styles.badge} data-tone={TONE[profile.status]}>
          {t(`editor.status.${profile.status}`)}
        </span>
        {profile.review && (
          <span className={styles.badge} data-tone={profile.review === 'rejected' ? 'danger' : 'warning'}>
            {t(`editor.review.${profile.review}`)}
          </span>
        )}
      </p>
      {profile.status === 'pending' && <p className={styles.hint}>{t('editor.pendingHint')}</p>}
      {reason && (
        <p className={styles.reason} role="note">
          <strong>{profile.status === 'cancel' ? t('editor.blockReason') : t('editor.rejectReason')}</strong>{' '}
          {reason}
        </p>
      )}
    </section>
  );
}

import type { OwnProfile } from 'contracts';
import { useTranslation } from 'react-i18next';
import styles from './status-badge.module.css';

type Tone = 'success' | 'warning' | 'danger' | 'muted' | 'accent';

const TONES: Record<OwnProfile['status'], Tone> = {
  published: 'success',
  active: 'success',
  unactive: 'muted',
  pending: 'warning',
  cancel: 'danger',
  expired: 'muted',
  draft: 'accent',
  saved: 'accent',
  rejected: 'danger',
};

/** The profile's status, and where its latest changes are when it has an approved version. */
export function StatusBadges({ profile }: { profile: Pick<OwnProfile, 'status' | 'review'> }) {
  const { t } = useTranslation('modelCabinet');
  return (
    <span className={styles.badges}>
      <span className={`${styles.badge} ${styles[TONES[profile.status]]}`} data-status={profile.status}>
        {t(`status.${profile.status}`)}
      </span>
      {profile.review && (
        <span
          className={`${styles.badge} ${styles[profile.review === 'pending' ? 'warning' : 'danger']}`}
          data-review={profile.review}
        >
          {t(profile.review === 'pending' ? 'status.reviewPending' : 'status.reviewRejected')}
        </span>
      )}
    </span>
  );
}

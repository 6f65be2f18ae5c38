import { ErrorState, formatDateTime } from 'account-ui';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Badge } from 'shared-ui';
import { useModerationProfile } from '../api/get-moderation-profile';
import { useReviewFlow } from '../model/use-review-flow';
import { ProfileCompare } from './profile-compare';
import { ReviewFrame } from './review-frame';
import { ReviewMedia } from './review-media';
import { ReviewSkeleton } from './review-skeleton';
import styles from './review.module.css';

/** `/admin/profiles/:id`: one profile's review; a new view (and claim) per item. */
export default function ProfileReviewPage() {
  const { id } = useParams();
  const profileId = Number(id);
  return <ProfileReview key={profileId} id={profileId} />;
}

function ProfileReview({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const details = useModerationProfile(id);
  const data = details.data;
  const name = (typeof data?.submitted.name === 'string' && data.submitted.name) || data?.profile.name || '';
  const flow = useReviewFlow({ kind: 'profiles', id, name, waiting: data?.waiting ?? false });

  if (details.isPending) return <ReviewSkeleton />;
  if (!data) return <ErrorState message={t('review.errors.load')} onRetry={() => void details.refetch()} />;

  const meta = (
    <>
      <Badge>{data.firstPublication ? t('review.firstPublication') : t('review.changeOfApproved')}</Badge>
      <span>
        {t('review.owner')}: {data.owner?.email ?? t('review.noOwner')}
      </span>
      {data.profile.submittedAt && (
        <span>{t('review.submittedAt', { date: formatDateTime(data.profile.submittedAt) })}</span>
      )}
      <span>{t('review.profileId', { id: data.profile.id })}</span>
      {data.rejectReason && (
        <span className={styles.previous}>{t('review.previousReject', { reason: data.rejectReason })}</span>
      )}
    </>
  );

  return (
    <ReviewFrame
      kind="profiles"
      title={t('review.profileTitle', { name })}
      name={name}
      waiting={data.waiting}
      flow={flow}
      meta={meta}
    >
      <div className={styles.columns}>
        <ProfileCompare details={data} />
        <ReviewMedia details={data} name={name} />
      </div>
    </ReviewFrame>
  );
}

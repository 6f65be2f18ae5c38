import { ErrorState, formatDate, formatDateTime, PageHeader } from 'account-ui';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { Badge, Skeleton, SkeletonText } from 'shared-ui';
import { useProfileComplaints } from '../api/get-profile-complaints';
import { ComplaintActions } from './complaint-actions';
import styles from './complaints.module.css';

/** `/admin/complaints/:id`: every complaint about one profile, with the texts visitors wrote. */
export default function ProfileComplaintsPage() {
  const { t } = useTranslation('admin');
  const { id } = useParams();
  const navigate = useNavigate();
  const complaints = useProfileComplaints(Number(id), 1);
  const data = complaints.data;

  if (complaints.isPending)
    return (
      <div className={styles.page} role="status" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton width="45%" height="2rem" />
        <SkeletonText lines={6} />
      </div>
    );
  if (!data)
    return <ErrorState message={t('complaints.errors.load')} onRetry={() => void complaints.refetch()} />;

  const { profile } = data;
  const open = data.items.filter((item) => item.status === 'new').length;
  return (
    <div className={styles.page}>
      <Link to="/admin/complaints" className={styles.back}>
        ← {t('complaints.back')}
      </Link>
      <PageHeader title={t('complaints.profileTitle', { name: profile.name })} />
      <div className={styles.itemMeta}>
        {profile.heldAt && <Badge className={styles.held}>{t('complaints.held')}</Badge>}
        {profile.isBlocked && <Badge>{t('complaints.blocked')}</Badge>}
        <span>{t('complaints.open', { count: profile.openComplaints })}</span>
        <span>{t('review.profileId', { id: profile.id })}</span>
        <a href={`/girl/${profile.id}`} target="_blank" rel="noreferrer">
          {t('complaints.publicPage')}
        </a>
      </div>
      {(profile.openComplaints > 0 || profile.heldAt) && (
        <ComplaintActions profile={profile} count={open} onDone={() => navigate('/admin/complaints')} />
      )}
      <table className={styles.table} data-testid="profile-complaints">
        <caption className={styles.caption}>{t('complaints.all', { count: data.total })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('complaints.columns.reason')}</th>
            <th scope="col">{t('complaints.columns.text')}</th>
            <th scope="col">{t('complaints.columns.visitor')}</th>
            <th scope="col">{t('complaints.columns.day')}</th>
            <th scope="col">{t('complaints.columns.status')}</th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((complaint) => (
            <tr key={complaint.id} data-status={complaint.status}>
              <td data-label={t('complaints.columns.reason')}>
                {t(`complaints.reasons.${complaint.reason}`)}
              </td>
              <td data-label={t('complaints.columns.text')} className={styles.text}>
                {complaint.text ?? '—'}
              </td>
              <td data-label={t('complaints.columns.visitor')}>
                <code>{complaint.visitor}</code>
              </td>
              <td data-label={t('complaints.columns.day')}>
                <time dateTime={complaint.createdAt} title={formatDateTime(complaint.createdAt)}>
                  {formatDate(complaint.day)}
                </time>
              </td>
              <td data-label={t('complaints.columns.status')}>
                {t(`complaints.statuses.${complaint.status}`)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

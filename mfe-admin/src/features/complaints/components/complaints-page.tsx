import { ErrorState, formatDateTime, PageHeader, Pager } from 'account-ui';
import { COMPLAINT_REASONS, type ComplaintQueueItem } from 'contracts';
import { useLocalized } from 'platform';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Badge, Card, Skeleton, SkeletonText } from 'shared-ui';
import { useComplaints } from '../api/get-complaints';
import { ComplaintActions } from './complaint-actions';
import styles from './complaints.module.css';

/** The reasons given, most frequent first, without the ones nobody gave. */
export const reasonCounts = (reasons: ComplaintQueueItem['reasons']) =>
  COMPLAINT_REASONS.map((reason) => ({ reason, count: reasons[reason] }))
    .filter((entry) => entry.count > 0)
    .sort((a, b) => b.count - a.count);

function ComplaintRow({ item }: { item: ComplaintQueueItem }) {
  const { t } = useTranslation('admin');
  const localized = useLocalized();
  const { profile } = item;
  return (
    <li className={styles.item} data-held={profile.heldAt ? true : undefined} data-testid="complaint-item">
      <div className={styles.itemMain}>
        <div className={styles.itemHead}>
          <Link to={`/admin/complaints/${profile.id}`} className={styles.itemTitle}>
            {profile.name}
          </Link>
          {profile.heldAt && <Badge className={styles.held}>{t('complaints.held')}</Badge>}
          {profile.isBlocked && <Badge>{t('complaints.blocked')}</Badge>}
        </div>
        <p className={styles.itemMeta}>
          <strong>{t('complaints.count', { count: item.count })}</strong>
          <span>{t('complaints.visitors', { count: item.visitors })}</span>
          {profile.city && <span>{localized(profile.city.name)}</span>}
          <span>{t('complaints.latest', { date: formatDateTime(item.latestAt) })}</span>
        </p>
        <ul className={styles.reasons} aria-label={t('complaints.reasonsLabel')}>
          {reasonCounts(item.reasons).map(({ reason, count }) => (
            <li key={reason}>
              {t(`complaints.reasons.${reason}`)} <span className={styles.reasonCount}>× {count}</span>
            </li>
          ))}
        </ul>
      </div>
      <ComplaintActions profile={profile} count={item.count} />
    </li>
  );
}

/** `/admin/complaints`: profiles with open complaints, the hidden ones first; dismiss or block. */
export default function ComplaintsPage() {
  const { t } = useTranslation('admin');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const complaints = useComplaints(page);
  const data = complaints.data;

  return (
    <div className={styles.page}>
      <PageHeader title={t('complaints.title')} />
      <p className={styles.intro}>{t('complaints.intro')}</p>
      {complaints.isPending ? (
        <ul className={styles.list} role="status" aria-busy="true" aria-label={t('common.loading')}>
          {[0, 1, 2].map((index) => (
            <li key={index} className={styles.item}>
              <div className={styles.itemMain}>
                <Skeleton width="35%" height="1.25rem" />
                <SkeletonText lines={2} />
              </div>
            </li>
          ))}
        </ul>
      ) : !data ? (
        <ErrorState message={t('complaints.errors.load')} onRetry={() => void complaints.refetch()} />
      ) : data.items.length === 0 ? (
        <Card as="section">
          <p className={styles.emptyText}>{t('complaints.empty')}</p>
        </Card>
      ) : (
        <>
          <ul
            className={styles.list}
            aria-label={t('complaints.title')}
            aria-busy={complaints.isPlaceholderData}
          >
            {data.items.map((item) => (
              <ComplaintRow key={item.profile.id} item={item} />
            ))}
          </ul>
          <Pager
            namespace="admin"
            keyPrefix="queue.pagination"
            page={page}
            pageCount={data.pageCount}
            onPage={(next) => setParams(next > 1 ? { page: String(next) } : {})}
          />
        </>
      )}
    </div>
  );
}

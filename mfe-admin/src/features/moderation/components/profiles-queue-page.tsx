import { ErrorState, formatDateTime, PageHeader, Pager } from 'account-ui';
import type { ModerationQueueItem } from 'contracts';
import { useLocalized } from 'platform';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Card } from 'shared-ui';
import { useModerationProfiles } from '../api/get-moderation-profiles';
import { QUEUE_PATHS } from '../model/queue-paths';
import { useStartReview } from '../model/use-start-review';
import { QueueItem, QueueSkeleton, queueStyles as styles, usePage } from './queue-parts';

/** What a change touches, in words: the first few fields, and the files. */
function useChangeSummary() {
  const { t } = useTranslation('admin');
  return (item: ModerationQueueItem): string => {
    if (item.firstPublication || !item.changes) return t('queue.firstPublication');
    const { fields, mediaAdded, mediaRemoved, mediaReordered } = item.changes;
    const parts = fields
      .slice(0, 3)
      .map((field) =>
        field === 'prices' || field === 'contacts'
          ? t(`review.groups.${field}`)
          : t(`review.fields.${field}`),
      );
    if (fields.length > 3) parts.push(t('queue.more', { count: fields.length - 3 }));
    if (mediaAdded.length || mediaRemoved.length || mediaReordered) parts.push(t('queue.media'));
    return parts.length ? t('queue.changes', { fields: parts.join(', ') }) : t('queue.noChanges');
  };
}

/** `/admin`: profiles waiting for moderation, oldest first, with who is reviewing which. */
export default function ProfilesQueuePage() {
  const { t } = useTranslation('admin');
  const [page, setPage] = usePage();
  const queue = useModerationProfiles(page);
  const summary = useChangeSummary();
  const localized = useLocalized();
  const { start, starting } = useStartReview('profiles');
  const data = queue.data;

  return (
    <div className={styles.page}>
      <PageHeader
        title={t('queue.profilesTitle')}
        actions={
          data && data.total > 0 ? (
            <Button size="sm" onClick={() => void start()} loading={starting}>
              {t('queue.start')}
            </Button>
          ) : undefined
        }
      />
      {data && data.total > 0 && <p className={styles.total}>{t('queue.total', { count: data.total })}</p>}
      {queue.isPending ? (
        <QueueSkeleton />
      ) : !data ? (
        <ErrorState message={t('queue.loadError')} onRetry={() => void queue.refetch()} />
      ) : data.items.length === 0 ? (
        <Card as="section" className={styles.empty}>
          <p>{t('queue.empty.profiles')}</p>
        </Card>
      ) : (
        <>
          <ul
            className={styles.list}
            aria-label={t('queue.profilesTitle')}
            aria-busy={queue.isPlaceholderData}
          >
            {data.items.map((item) => (
              <QueueItem
                key={item.id}
                to={QUEUE_PATHS.profiles.item(item.id)}
                title={item.name}
                claim={item.claim}
              >
                <Badge>{item.firstPublication ? t('queue.new') : t('queue.changed')}</Badge>
                {item.city && <span>{localized(item.city.name)}</span>}
                <span>{item.owner?.email ?? t('review.noOwner')}</span>
                <span>{t('queue.submitted', { date: formatDateTime(item.submittedAt) })}</span>
                <span className={styles.summary}>{summary(item)}</span>
              </QueueItem>
            ))}
          </ul>
          <Pager
            namespace="admin"
            keyPrefix="queue.pagination"
            page={page}
            pageCount={data.pageCount}
            onPage={setPage}
          />
        </>
      )}
    </div>
  );
}

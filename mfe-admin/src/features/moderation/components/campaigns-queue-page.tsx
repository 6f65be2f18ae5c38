import { ErrorState, formatDateTime, PageHeader, Pager } from 'account-ui';
import { useTranslation } from 'react-i18next';
import { Badge, Button, Card } from 'shared-ui';
import { useModerationCampaigns } from '../api/get-moderation-campaigns';
import { QUEUE_PATHS } from '../model/queue-paths';
import { useStartReview } from '../model/use-start-review';
import { QueueItem, QueueSkeleton, queueStyles as styles, usePage } from './queue-parts';

/** `/admin/ads`: campaigns waiting for moderation, oldest sent first. */
export default function CampaignsQueuePage() {
  const { t } = useTranslation('admin');
  const [page, setPage] = usePage();
  const queue = useModerationCampaigns(page);
  const { start, starting } = useStartReview('campaigns');
  const data = queue.data;

  return (
    <div className={styles.page}>
      <PageHeader
        title={t('queue.campaignsTitle')}
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
          <p>{t('queue.empty.campaigns')}</p>
        </Card>
      ) : (
        <>
          <ul
            className={styles.list}
            aria-label={t('queue.campaignsTitle')}
            aria-busy={queue.isPlaceholderData}
          >
            {data.items.map(({ campaign, owner, claim }) => (
              <QueueItem
                key={campaign.id}
                to={QUEUE_PATHS.campaigns.item(campaign.id)}
                title={campaign.heading || t('review.campaign.untitled')}
                claim={claim}
              >
                <Badge>{campaign.publishedAt ? t('review.campaign.edit') : t('review.campaign.new')}</Badge>
                <span>{owner.email}</span>
                {campaign.submittedAt && (
                  <span>{t('queue.submitted', { date: formatDateTime(campaign.submittedAt) })}</span>
                )}
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

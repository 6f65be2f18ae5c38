import type { NotificationItem } from 'contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Button, Card, Skeleton, SkeletonText } from 'shared-ui';
import { Pager } from '../../../components/pager';
import { ErrorState } from '../../../components/error-state';
import { PageHeader } from '../../../components/page-header';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotifications } from '../api/mark-notifications';
import styles from './notifications-page.module.css';

const SKELETON_ITEMS = 4;

function pageFrom(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** `<area>/notifications`: newest first, in pages; the unread ones on screen are marked read at once. */
export default function NotificationsPage() {
  const { t, i18n } = useTranslation('account');
  const [searchParams, setSearchParams] = useSearchParams();
  const page = pageFrom(searchParams.get('page'));
  const query = useNotifications(page, i18n.language);
  const mark = useMarkNotifications();
  const data = query.data;
  const unreadIds = data?.items.filter((item) => !item.read).map((item) => item.id) ?? [];

  const markRead = () =>
    mark.mutate(unreadIds, {
      onSuccess: () => notify('success', t('notifications.marked')),
      onError: (error) => notify('error', error.message || t('notifications.errors.mark')),
    });

  const goTo = (next: number) => {
    setSearchParams(next === 1 ? {} : { page: String(next) });
    window.scrollTo?.({ top: 0 });
  };

  return (
    <>
      <PageHeader
        title={t('notifications.title')}
        actions={
          unreadIds.length > 0 && (
            <Button variant="secondary" size="sm" onClick={markRead} loading={mark.isPending}>
              {t('notifications.markRead')}
            </Button>
          )
        }
      />
      {query.isPending ? (
        <ListSkeleton />
      ) : query.isError ? (
        <ErrorState message={t('notifications.errors.load')} onRetry={() => void query.refetch()} />
      ) : data && data.total === 0 ? (
        <Card className={styles.empty}>
          <p className={styles.emptyTitle}>{t('notifications.empty.title')}</p>
          <p>{t('notifications.empty.text')}</p>
        </Card>
      ) : data ? (
        <>
          <p className={styles.summary} aria-live="polite">
            {t('notifications.unreadCount', { count: data.unreadCount })}
          </p>
          <ul className={styles.list} aria-busy={query.isPlaceholderData || undefined}>
            {data.items.map((item) => (
              <NotificationCard key={item.id} item={item} />
            ))}
          </ul>
          <Pager
            namespace="account"
            keyPrefix="notifications.pagination"
            className={styles.pagination}
            page={page}
            pageCount={data.pageCount}
            onPage={goTo}
          />
        </>
      ) : null}
    </>
  );
}

function NotificationCard({ item }: { item: NotificationItem }) {
  const { t } = useTranslation('account');
  return (
    <li
      className={item.read ? styles.item : `${styles.item} ${styles.unread}`}
      data-testid="notification"
      data-read={item.read}
    >
      <div className={styles.itemHead}>
        <h2 className={styles.itemTitle}>
          {!item.read && <span className={styles.dot} role="img" aria-label={t('notifications.unread')} />}
          {item.title}
        </h2>
        <time dateTime={item.createdAt} className={styles.time}>
          {formatDateTime(item.createdAt)}
        </time>
      </div>
      <p className={styles.text}>{item.text}</p>
    </li>
  );
}

function ListSkeleton() {
  const { t } = useTranslation('account');
  return (
    <div role="status" aria-busy="true" aria-label={t('common.loading')}>
      <Skeleton width="10rem" height="1.25rem" />
      <ul className={styles.list}>
        {Array.from({ length: SKELETON_ITEMS }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key by.
          <li key={index} className={styles.item}>
            <div className={styles.itemHead}>
              <Skeleton width="40%" height="1.25rem" />
              <Skeleton width="6rem" height="1rem" />
            </div>
            <SkeletonText lines={2} />
          </li>
        ))}
      </ul>
    </div>
  );
}

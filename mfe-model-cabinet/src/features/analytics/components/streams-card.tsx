import { ErrorState, formatDateTime, Pager, SectionCard } from 'account-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollRegion, Skeleton } from 'shared-ui';
import { useStreamRecords } from '../api/get-stream-records';
import styles from './analytics-page.module.css';

/** Her streams beside the views: when each ran, how long, and the most viewers at once. */
export function StreamsCard() {
  const { t } = useTranslation('modelCabinet');
  const [page, setPage] = useState(1);
  const records = useStreamRecords(page);
  const duration = (seconds: number) => {
    const minutes = Math.round(seconds / 60);
    return minutes >= 60
      ? t('analytics.streams.hours', { hours: Math.floor(minutes / 60), minutes: minutes % 60 })
      : t('analytics.streams.minutes', { minutes });
  };
  return (
    <SectionCard id="streams-heading" title={t('analytics.streams.title')}>
      {records.isPending ? (
        <div role="status" aria-busy="true" aria-label={t('common.loading')}>
          <Skeleton height="8rem" radius="var(--radius-md)" />
        </div>
      ) : records.isError ? (
        <ErrorState message={t('analytics.streams.error')} onRetry={() => void records.refetch()} />
      ) : records.data.items.length === 0 ? (
        <p className={styles.muted}>{t('analytics.streams.empty')}</p>
      ) : (
        <>
          {/* Scrolls inside its box past 240 px. */}
          <ScrollRegion className={styles.tableBox} label={t('analytics.streams.caption')}>
            <table className={styles.table} data-testid="streams-table">
              <caption className={styles.caption}>{t('analytics.streams.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('analytics.streams.start')}</th>
                  <th scope="col">{t('analytics.streams.profile')}</th>
                  <th scope="col">{t('analytics.streams.end')}</th>
                  <th scope="col" className={styles.number}>
                    {t('analytics.streams.duration')}
                  </th>
                  <th scope="col" className={styles.number}>
                    {t('analytics.streams.peak')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {records.data.items.map((record) => (
                  <tr key={record.id}>
                    <th scope="row">{formatDateTime(record.startedAt)}</th>
                    <td>{record.profileName}</td>
                    <td>
                      {record.endedAt ? formatDateTime(record.endedAt) : t('analytics.streams.running')}
                    </td>
                    <td className={styles.number}>{duration(record.durationSeconds)}</td>
                    <td className={styles.number}>{record.peakViewers}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
          <Pager
            page={page}
            pageCount={Math.ceil(records.data.total / records.data.pageSize)}
            onPage={setPage}
            namespace="modelCabinet"
            keyPrefix="analytics.streams.pager"
          />
        </>
      )}
    </SectionCard>
  );
}

import { formatDateTime, notify } from 'account-ui';
import type { RemoteChannelsView } from 'contracts/releases';
import { useTranslation } from 'react-i18next';
import { Button } from 'shared-ui';
import tables from '../../../components/data-table.module.css';
import { useReleaseHistory } from '../api/releases';
import styles from './releases.module.css';

/** The history of a remote's channels, newest first, with its earlier changes a page at a time on demand. */
export function ReleaseHistory({ view }: { view: RemoteChannelsView }) {
  const { t } = useTranslation('admin');
  const history = useReleaseHistory(view);
  const lines = history.data.pages.flatMap((page) => page.changes);
  if (lines.length === 0) return null;

  const showEarlier = async () => {
    const result = await history.fetchNextPage();
    if (result.isFetchNextPageError) notify('error', t('releases.errors.history'));
  };

  return (
    <>
      <h3 className={styles.heading}>{t('releases.history')}</h3>
      <table className={tables.table} data-testid={`history-${view.remote}`}>
        <thead>
          <tr>
            <th scope="col">{t('releases.when')}</th>
            <th scope="col">{t('releases.change')}</th>
            <th scope="col">{t('releases.reason')}</th>
            <th scope="col">{t('releases.who')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <tr key={line.id}>
              <td data-label={t('releases.when')}>{formatDateTime(line.at)}</td>
              <td data-label={t('releases.change')}>
                {t(`releases.changeKinds.${line.action}`, {
                  from: line.fromVersion ?? '—',
                  to: line.toVersion ?? '—',
                  percent: line.canaryPercent ?? 0,
                })}
              </td>
              <td data-label={t('releases.reason')}>{line.action === 'publish' ? '—' : line.reason}</td>
              <td data-label={t('releases.who')}>{line.actor}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {history.hasNextPage && (
        <Button
          variant="secondary"
          className={styles.earlier}
          loading={history.isFetchingNextPage}
          onClick={() => void showEarlier()}
        >
          {t('releases.earlier')}
        </Button>
      )}
    </>
  );
}

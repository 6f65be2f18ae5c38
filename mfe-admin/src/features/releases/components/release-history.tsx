import { formatDateTime, notify } from 'account-ui';
import type { RegistryChange, RemoteChannelsView } from 'contracts/releases';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'shared-ui';
import tables from '../../../components/data-table.module.css';
import { getEarlierChanges } from '../api/releases';
import styles from './releases.module.css';

/**
 * The history of a remote's channels, newest first: the latest changes come with the screen, the
 * earlier ones a page at a time on demand. A history made longer by a change on this screen starts
 * again from the latest (the card is keyed on them), so no line is missed or shown twice.
 */
export function ReleaseHistory({ view }: { view: RemoteChannelsView }) {
  const { t } = useTranslation('admin');
  const [earlier, setEarlier] = useState<RegistryChange[]>([]);
  const [more, setMore] = useState(view.moreChanges);
  const [loading, setLoading] = useState(false);
  const lines = [...view.changes, ...earlier];
  if (lines.length === 0) return null;

  const showEarlier = async () => {
    const oldest = lines.at(-1);
    if (!oldest) return;
    setLoading(true);
    try {
      const page = await getEarlierChanges(view.remote, oldest.id);
      setEarlier((shown) => [...shown, ...page.changes]);
      setMore(page.more);
    } catch {
      notify('error', t('releases.errors.history'));
    } finally {
      setLoading(false);
    }
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
      {more && (
        <Button
          variant="secondary"
          className={styles.earlier}
          loading={loading}
          onClick={() => void showEarlier()}
        >
          {t('releases.earlier')}
        </Button>
      )}
    </>
  );
}

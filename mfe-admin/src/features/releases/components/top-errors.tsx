import { formatDateTime } from 'account-ui';
import type { ReleaseFigures } from 'contracts/telemetry';
import { useTranslation } from 'react-i18next';
import tables from '../../../components/data-table.module.css';
import { formatCount } from '../../../lib/format-count';
import type { Channel } from '../model/figures';
import styles from './releases.module.css';

/** The errors a version's pages reported most on its latest day, each stack behind a disclosure. */
export function TopErrors({
  remote,
  channel,
  figures,
}: {
  remote: string;
  channel: Channel;
  figures: ReleaseFigures;
}) {
  const { t } = useTranslation('admin');
  const title =
    channel.kind === 'file'
      ? t('releases.figures.errors.titleFile')
      : t(`releases.figures.errors.title.${channel.kind}`, { version: channel.version });
  return (
    <div>
      <h4 className={styles.subheading}>{title}</h4>
      {figures.errors.length === 0 ? (
        <p className={styles.muted}>{t('releases.figures.errors.none')}</p>
      ) : (
        <table
          className={`${tables.table} ${styles.errors}`}
          data-testid={
            channel.kind === 'withdrawn'
              ? `errors-${remote}-withdrawn-${channel.version}`
              : `errors-${remote}-${channel.kind}`
          }
        >
          <thead>
            <tr>
              <th scope="col">{t('releases.figures.errors.message')}</th>
              <th scope="col">{t('releases.figures.errors.source')}</th>
              <th scope="col">{t('releases.figures.errors.route')}</th>
              <th scope="col" className={tables.number}>
                {t('releases.figures.errors.count')}
              </th>
              <th scope="col">{t('releases.figures.errors.lastAt')}</th>
            </tr>
          </thead>
          <tbody>
            {figures.errors.map((error) => (
              <tr key={`${error.source}|${error.route}|${error.message}`}>
                <th scope="row" data-label={t('releases.figures.errors.message')}>
                  <span className={styles.message}>
                    <span>{error.message}</span>
                    {error.stack && (
                      <details className={styles.stack}>
                        <summary>{t('releases.figures.errors.stack')}</summary>
                        <pre>{error.stack}</pre>
                      </details>
                    )}
                  </span>
                </th>
                <td data-label={t('releases.figures.errors.source')} className={styles.keep}>
                  {t(`releases.figures.errors.sources.${error.source}`)}
                </td>
                <td data-label={t('releases.figures.errors.route')} className={styles.route}>
                  {error.route}
                </td>
                <td data-label={t('releases.figures.errors.count')} className={tables.number}>
                  {formatCount(error.count)}
                </td>
                <td data-label={t('releases.figures.errors.lastAt')} className={styles.keep}>
                  {formatDateTime(error.lastAt)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

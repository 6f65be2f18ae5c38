import type { RemoteChannelsView } from 'contracts/releases';
import { VITAL_NAMES } from 'contracts/telemetry';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { VisuallyHidden } from 'shared-ui';
import tables from '../../../components/data-table.module.css';
import { formatCount } from '../../../lib/format-count';
import { formatDay } from '../../../lib/format-day';
import { type Channel, type ChannelFigures, canaryErrsMore, channelsOf, figuresOf } from '../model/figures';
import { formatMs, formatRate, formatScore } from '../model/format-figures';
import styles from './releases.module.css';
import { TopErrors } from './top-errors';

interface Row {
  key: string;
  label: string;
  /** The cell's text, or null when the version has no sample of it. */
  value: (figures: ChannelFigures) => string | null;
}

/**
 * A remote's figures from page telemetry: stable and canary side by side, for the latest day each
 * has figures (and the totals of the last seven days), then each version's most frequent errors.
 * A canary with errors in more of its sessions than stable says so in words.
 */
export function ReleaseFigures({ view }: { view: RemoteChannelsView }) {
  const { t } = useTranslation('admin');
  const columns = channelsOf(view).map((channel) => ({
    channel,
    ...figuresOf(view.figures, channel.version),
  }));
  const stable = columns.find((column) => column.channel.kind === 'stable');
  const canary = columns.find((column) => column.channel.kind === 'canary');
  const flagged = Boolean(stable && canary && canaryErrsMore(stable, canary));

  const rows: Row[] = [
    { key: 'day', label: t('releases.figures.day'), value: ({ latest }) => latest && formatDay(latest.day) },
    {
      key: 'sessions',
      label: t('releases.figures.sessions'),
      value: ({ latest }) => latest && formatCount(latest.sessions),
    },
    {
      key: 'errorRate',
      label: t('releases.figures.errorRate'),
      value: ({ latest }) => latest && formatRate(latest.errorRate),
    },
    {
      key: 'failureRate',
      label: t('releases.figures.failureRate'),
      value: ({ latest }) => latest && formatRate(latest.failureRate),
    },
    {
      key: 'load',
      label: t('releases.figures.loadP75'),
      value: ({ latest }) => (latest?.loadP75Ms == null ? null : formatMs(latest.loadP75Ms)),
    },
    ...VITAL_NAMES.map(
      (name): Row => ({
        key: name,
        label: t('releases.figures.vital', { name }),
        value: ({ latest }) => {
          const value = latest?.vitals[name];
          if (value == null) return null;
          return name === 'CLS' ? formatScore(value) : formatMs(value);
        },
      }),
    ),
    {
      key: 'weekSessions',
      label: t('releases.figures.weekSessions'),
      value: ({ week }) => week && formatCount(week.sessions),
    },
    {
      key: 'weekErrorRate',
      label: t('releases.figures.weekErrorRate'),
      value: ({ week }) => week && formatRate(week.errorRate),
    },
    {
      key: 'weekFailureRate',
      label: t('releases.figures.weekFailureRate'),
      value: ({ week }) => week && formatRate(week.failureRate),
    },
  ];

  const cell = (row: Row, column: (typeof columns)[number]): ReactNode => {
    const text = row.value(column);
    if (text === null) {
      return (
        <>
          <span aria-hidden="true">—</span>
          <VisuallyHidden>{t('releases.figures.noSamples')}</VisuallyHidden>
        </>
      );
    }
    if (row.key === 'errorRate' && flagged && column.channel.kind === 'canary') {
      return (
        <>
          {text} <strong className={styles.flag}>{t('releases.figures.aboveStable')}</strong>
        </>
      );
    }
    return text;
  };

  return (
    <div data-testid={`figures-${view.remote}`}>
      <h3 className={styles.heading}>{t('releases.figures.title')}</h3>
      {columns.every((column) => !column.latest) ? (
        <p className={styles.muted}>{t('releases.figures.none')}</p>
      ) : (
        <>
          {flagged && stable?.latest && canary?.latest && (
            <p className={styles.warning} data-testid={`canary-flag-${view.remote}`}>
              <strong>{t('releases.figures.canaryWorseTitle')}</strong>{' '}
              {t('releases.figures.canaryWorse', {
                canary: formatRate(canary.latest.errorRate),
                stable: formatRate(stable.latest.errorRate),
              })}
            </p>
          )}
          <div className={styles.figuresBox}>
            <table className={styles.figures}>
              <caption className={tables.caption}>
                {t('releases.figures.caption', { remote: view.remote })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('releases.figures.measure')}</th>
                  {columns.map(({ channel }) => (
                    <th scope="col" key={`${channel.kind}-${channel.version}`}>
                      <ChannelName channel={channel} />
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row.key} data-testid={`figure-${row.key}`}>
                    <th scope="row">{row.label}</th>
                    {columns.map((column) => (
                      <td key={`${column.channel.kind}-${column.channel.version}`}>{cell(row, column)}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {columns.map(
            ({ channel, latest }) =>
              latest && (
                <TopErrors
                  key={`${channel.kind}-${channel.version}`}
                  remote={view.remote}
                  channel={channel}
                  figures={latest}
                />
              ),
          )}
        </>
      )}
    </div>
  );
}

const CHANNEL_LABELS = {
  stable: 'releases.stable',
  canary: 'releases.canaryLabel',
  withdrawn: 'releases.withdrawnLabel',
} as const;

/** A column's name: the channel, and its version under it. */
function ChannelName({ channel }: { channel: Channel }) {
  const { t } = useTranslation('admin');
  if (channel.kind === 'file') return t('releases.figures.file');
  return (
    <>
      {t(CHANNEL_LABELS[channel.kind])} <span className={styles.version}>{channel.version}</span>
    </>
  );
}

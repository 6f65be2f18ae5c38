import { ErrorState, formatRubles, PageHeader, SectionCard } from 'account-ui';
import type { CampaignStats } from 'contracts/campaigns';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { Button, buttonClassName, Select, Skeleton, SkeletonText } from 'shared-ui';
import { useCampaigns } from '../../../api/get-campaigns';
import { STATS_DAYS, useCampaignStats } from '../api/get-campaign-stats';
import { formatCount, formatDay } from '../../../lib/days';
import { StatsChart } from './stats-chart';
import styles from './dashboard-page.module.css';

/** The advertiser's home (`/advister`): totals, the last days as a chart or a table, running campaigns. */
export default function DashboardPage() {
  const { t } = useTranslation('advertiserOffice');
  const [searchParams, setSearchParams] = useSearchParams();
  const chosen = Number(searchParams.get('campaign'));
  const running = useCampaigns('published', 1);
  const completed = useCampaigns('completed', 1);
  const campaigns = [...(running.data?.items ?? []), ...(completed.data?.items ?? [])];
  // `?campaign=<id>` (the ads list links here) shows one campaign; anything else, all of them.
  const campaignId = Number.isSafeInteger(chosen) && chosen > 0 ? chosen : 'all';
  const stats = useCampaignStats(campaignId);
  const [asTable, setAsTable] = useState(false);
  const seriesLabels = useMemo(
    () => ({
      day: t('dashboard.day'),
      impressions: t('dashboard.impressions'),
      clicks: t('dashboard.clicks'),
      spend: t('dashboard.spend'),
    }),
    [t],
  );

  const createLink = (
    <Link to="/advister/create" className={buttonClassName({ size: 'sm' })}>
      {t('ads.create')}
    </Link>
  );

  return (
    <div className={styles.page}>
      <PageHeader title={t('dashboard.title')} actions={createLink} />
      <SectionCard
        id="dashboard-stats"
        title={t('dashboard.statsTitle', { days: STATS_DAYS })}
        actions={
          <>
            <Select
              className={styles.selector}
              label={t('dashboard.campaign')}
              value={String(campaignId)}
              onChange={(event) =>
                setSearchParams(event.target.value === 'all' ? {} : { campaign: event.target.value }, {
                  replace: true,
                })
              }
            >
              <option value="all">{t('dashboard.allCampaigns')}</option>
              {campaignId !== 'all' && !campaigns.some((item) => item.id === campaignId) && (
                <option value={campaignId}>{t('dashboard.campaignNumber', { id: campaignId })}</option>
              )}
              {campaigns.map((item) => (
                <option key={item.id} value={item.id}>
                  {item.heading || t('ads.untitled')}
                </option>
              ))}
            </Select>
            {stats.data && stats.data.days.length > 0 && !isEmpty(stats.data.totals) && (
              <Button variant="ghost" size="sm" onClick={() => setAsTable((value) => !value)}>
                {asTable ? t('dashboard.showChart') : t('dashboard.showTable')}
              </Button>
            )}
          </>
        }
      >
        {stats.isPending ? (
          <div role="status" aria-busy="true" aria-label={t('common.loading')} className={styles.stack}>
            <Skeleton height="4rem" />
            <Skeleton height="16rem" radius="var(--radius-md)" />
          </div>
        ) : stats.isError ? (
          <ErrorState message={t('dashboard.errors.load')} onRetry={() => void stats.refetch()} />
        ) : (
          <>
            <dl className={styles.totals} data-testid="dashboard-totals">
              <div>
                <dt>{t('dashboard.impressions')}</dt>
                <dd data-testid="total-impressions">{formatCount(stats.data.totals.impressions)}</dd>
              </div>
              <div>
                <dt>{t('dashboard.clicks')}</dt>
                <dd data-testid="total-clicks">{formatCount(stats.data.totals.clicks)}</dd>
              </div>
              <div>
                <dt>{t('dashboard.spend')}</dt>
                <dd>{formatRubles(stats.data.totals.spend)}</dd>
              </div>
              <div>
                <dt>{t('dashboard.refusedImpressions')}</dt>
                <dd data-testid="total-refused-impressions">
                  {formatCount(stats.data.totals.refusedImpressions)}
                </dd>
              </div>
              <div>
                <dt>{t('dashboard.refusedClicks')}</dt>
                <dd data-testid="total-refused-clicks">{formatCount(stats.data.totals.refusedClicks)}</dd>
              </div>
            </dl>
            {stats.data.refused.length > 0 && <RefusedReasons refused={stats.data.refused} />}
            {stats.data.days.length === 0 || isEmpty(stats.data.totals) ? (
              <p className={styles.muted}>{t('dashboard.noStats')}</p>
            ) : asTable ? (
              <StatsTable days={stats.data.days} />
            ) : (
              <StatsChart
                days={stats.data.days}
                label={t('dashboard.chartLabel')}
                seriesLabels={seriesLabels}
              />
            )}
          </>
        )}
      </SectionCard>
      <SectionCard
        id="dashboard-running"
        title={t('dashboard.running')}
        actions={
          <Link to="/advister/ads" className={styles.link}>
            {t('dashboard.allAds')}
          </Link>
        }
      >
        {running.isPending ? (
          <div role="status" aria-busy="true" aria-label={t('common.loading')}>
            <SkeletonText lines={3} />
          </div>
        ) : running.isError ? (
          <ErrorState message={t('ads.errors.load')} onRetry={() => void running.refetch()} />
        ) : running.data.items.length === 0 ? (
          <p className={styles.muted}>{t('dashboard.nothingRunning')}</p>
        ) : (
          <ul className={styles.running}>
            {running.data.items.map((campaign) => (
              <li key={campaign.id}>
                <span className={styles.runningTitle}>{campaign.heading}</span>
                <span className={styles.muted}>
                  {campaign.endsOn ? t('dashboard.until', { date: formatDay(campaign.endsOn) }) : ''}
                </span>
                <span>
                  {t('dashboard.servedClicks', {
                    served: formatCount(campaign.impressionsServed),
                    clicks: formatCount(campaign.clicks),
                  })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </SectionCard>
    </div>
  );
}

/** Why reports were refused in the period: what the refused totals above are made of. */
function RefusedReasons({ refused }: { refused: CampaignStats['refused'] }) {
  const { t } = useTranslation('advertiserOffice');
  return (
    <section
      className={styles.refused}
      aria-labelledby="dashboard-refused-title"
      data-testid="refused-reasons"
    >
      <h3 id="dashboard-refused-title" className={styles.refusedTitle}>
        {t('dashboard.refusedTitle')}
      </h3>
      <p className={styles.muted}>{t('dashboard.refusedHint')}</p>
      <ul>
        {refused.map((item) => (
          <li key={item.reason}>
            {t('dashboard.refusedReason', {
              reason: t(`dashboard.reasons.${item.reason}`),
              impressions: formatCount(item.impressions),
              clicks: formatCount(item.clicks),
            })}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Nothing shown, clicked or spent yet: a flat chart would say less than a sentence. */
const isEmpty = (totals: { impressions: number; clicks: number; spend: number }) =>
  totals.impressions === 0 && totals.clicks === 0 && totals.spend === 0;

function StatsTable({ days }: { days: CampaignStats['days'] }) {
  const { t } = useTranslation('advertiserOffice');
  return (
    <div className={styles.tableBox}>
      <table className={styles.table} data-testid="stats-table">
        <caption className={styles.caption}>{t('dashboard.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('dashboard.day')}</th>
            <th scope="col">{t('dashboard.impressions')}</th>
            <th scope="col">{t('dashboard.clicks')}</th>
            <th scope="col">{t('dashboard.spend')}</th>
            <th scope="col">{t('dashboard.refusedImpressions')}</th>
            <th scope="col">{t('dashboard.refusedClicks')}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((item) => (
            <tr key={item.day}>
              <th scope="row">{formatDay(item.day)}</th>
              <td>{formatCount(item.impressions)}</td>
              <td>{formatCount(item.clicks)}</td>
              <td>{formatRubles(item.spend)}</td>
              <td>{formatCount(item.refusedImpressions)}</td>
              <td>{formatCount(item.refusedClicks)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
